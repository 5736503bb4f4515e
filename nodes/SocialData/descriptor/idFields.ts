/**
 * The spec's 64-bit identifiers: the service sends them as JSON numbers, below 2^53 as well as
 * beyond it. The pack's output gives them as strings whatever their size, so one field keeps one
 * type (n8n's Merge, Compare and sorting see equal ids as equal, and no digit is lost).
 */
export const ID_FIELD_NAMES: readonly string[] = [
	'id',
	'object_nonce_id',
	'comment_id',
	'msgId',
	'live_id',
	'doc_id',
	'docID',
	'feedNonceId',
	'content_id',
	'reply_id',
];
