import { mulberry32 as seededRandom } from '../../simulator/dataset/random';
/**
 * Deterministic gateway-like answers dense with unquoted 64-bit ids, for the parser benchmark.
 */

type Random = ReturnType<typeof seededRandom>;

export interface SocialPayloadOptions {
	targetBytes: number;
	seed: number;
	/** Comment texts listing ids after a number and a comma ("2024, 7321..."), which look like values. */
	idsListedInTexts?: boolean;
}

function digits(random: Random, count: number): string {
	let text = '';
	for (let index = 0; index < count; index++) text += Math.floor(random() * 10);
	return text;
}

/** A 19-digit id between 7e18 and 7.4e18, like the snowflake ids of short-video platforms. */
function id64(random: Random): string {
	return `7${Math.floor(random() * 4)}${digits(random, 17)}`;
}

const WORDS = [
	'great',
	'video',
	'launch',
	'review',
	'price',
	'unboxing',
	'brand',
	'new',
	'today',
	'live',
	'order',
	'sale',
];

function sentence(random: Random, wordCount: number): string {
	const words: string[] = [];
	for (let index = 0; index < wordCount; index++)
		words.push(WORDS[Math.floor(random() * WORDS.length)]);
	return words.join(' ');
}

function commentText(random: Random, idsListedInTexts: boolean): string {
	const base = `${sentence(random, 6)} #${Math.floor(random() * 100000)} call 0${digits(random, 10)} \\"${digits(random, 20)}\\" 你好 \\u00e9`;
	return idsListedInTexts
		? `${base} orders 2024, ${id64(random)}`
		: `${base} https://v.example.com/video/${id64(random)}`;
}

function record(random: Random, idsListedInTexts: boolean): string {
	const authorId = id64(random);
	const comments: string[] = [];
	const commentCount = 1 + Math.floor(random() * 3);
	for (let index = 0; index < commentCount; index++) {
		comments.push(
			`{"comment_id":${id64(random)},"reply_id":${id64(random)},"text":"${commentText(random, idsListedInTexts)}",` +
				`"digg_count":${Math.floor(random() * 50000)},"create_time":${1700000000 + Math.floor(random() * 9e7)}}`,
		);
	}
	return (
		`{"id":${id64(random)},"object_nonce_id":${id64(random)},"desc":"${sentence(random, 12)} ${digits(random, 19)}",` +
		`"create_time":${1700000000 + Math.floor(random() * 9e7)},"duration":${(random() * 300).toFixed(3)},` +
		`"author":{"uid":${authorId},"sec_uid":"MS4wLjABAAAA${digits(random, 24)}","nickname":"${sentence(random, 2)}",` +
		`"follower_count":${Math.floor(random() * 1e7)},"verified":${random() < 0.2}},` +
		`"statistics":{"play_count":${Math.floor(random() * 1e9)},"share_count":${Math.floor(random() * 1e5)},"score":${random().toExponential(6)}},` +
		`"music":{"id":${id64(random)},"title":"original sound - ${authorId}","album":null},` +
		`"tags":["${sentence(random, 1)}","${sentence(random, 1)}"],"comments":[${comments.join(',')}]}`
	);
}

export function buildSocialPayload(options: SocialPayloadOptions): string {
	const random = seededRandom(options.seed);
	const head = `{"code":0,"message":"ok","data":{"cursor":${id64(random)},"has_more":true,"items":[`;
	const tail = `],"total":-1}}`;
	const records: string[] = [];
	let size = head.length + tail.length;
	while (size < options.targetBytes) {
		const next = record(random, options.idsListedInTexts === true);
		records.push(next);
		size += next.length + 1;
	}
	return head + records.join(',') + tail;
}

/** An answer that is nothing but an array of 64-bit ids: the densest case for the parser. */
export function buildIdArrayPayload(options: { targetBytes: number; seed: number }): string {
	const random = seededRandom(options.seed);
	const ids: string[] = [];
	let size = 2;
	while (size < options.targetBytes) {
		const id = id64(random);
		ids.push(id);
		size += id.length + 1;
	}
	return `[${ids.join(',')}]`;
}
