import { Agent } from 'undici';

let sharedAgent: Agent | undefined;

/** One keep-alive connection pool per process, shared by every node and execution. */
export function gatewayAgent(): Agent {
	sharedAgent ??= new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections: 64 });
	return sharedAgent;
}
