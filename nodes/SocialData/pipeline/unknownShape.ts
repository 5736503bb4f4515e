import { GatewayError } from '../../shared/transport/errors';
import { answerKeysOf } from '../descriptor/answerPaths';

/**
 * A successful answer that holds no records at any place the descriptor knows: the upstream
 * platform changed its answer. It is billed, and it is never "no results".
 */
export function unknownShapeError(endpoint: string, body: unknown, page: number): GatewayError {
	return new GatewayError(
		`${endpoint}: answered in an unknown shape. The service answered successfully, but page ${page} holds no records at any place the pack knows (${answerKeysOf(body)}); ` +
			'this is not "no results": the upstream platform may have changed its answer',
		{ kind: 'invalid-response', endpoint, status: 200, mayHaveBilled: true },
	);
}
