import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@n8n/backend-common';
import { InstanceSettingsConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import { LoggerProxy } from 'n8n-workflow';
import { harnessLogger } from './harnessLogger';

interface Engine {
	/** Temp dir holding the instance folder (`.n8n`) and the binary data store. */
	rootDir: string;
}

let engine: Promise<Engine> | undefined;
let rootDir: string | undefined;

/**
 * Prepares the n8n-core services the engine pulls from the DI container, once per module
 * registry (under jest: once per test file). Everything lives in a temp dir, never in ~/.n8n.
 */
export async function ensureEngine(): Promise<Engine> {
	engine ??= setUpEngine();
	return await engine;
}

async function setUpEngine(): Promise<Engine> {
	rootDir = mkdtempSync(join(tmpdir(), 'n8n-harness-'));

	// Read by InstanceSettings (via Cipher, via ExecutionContextService) before it writes its
	// settings file; set here, not through N8N_USER_FOLDER, so the process env stays untouched.
	// The config declares the folders readonly: it expects them from the env at construction.
	Object.assign(Container.get(InstanceSettingsConfig), {
		userHome: rootDir,
		n8nFolder: join(rootDir, '.n8n'),
		encryptionKey: 'n8n-harness-encryption-key',
	});

	Container.set(Logger, harnessLogger as unknown as Logger);
	LoggerProxy.init(harnessLogger);

	// 'filesystem' like a default n8n 2.x instance: prepareBinaryData stores a file and the item
	// only carries its id, so a node that reads `binary.data` instead of getBinaryDataBuffer fails here too.
	const binaryConfig = Container.get(BinaryDataConfig);
	binaryConfig.mode = 'filesystem';
	binaryConfig.localStoragePath = join(rootDir, 'binary-data');
	await Container.get(BinaryDataService).init();

	return { rootDir };
}

/** Removes the temp dir. Registered with jest's afterAll when loaded under jest. */
export function disposeEngine(): void {
	if (rootDir) rmSync(rootDir, { recursive: true, force: true });
	rootDir = undefined;
	engine = undefined;
}

if (typeof afterAll === 'function') {
	afterAll(disposeEngine);
} else {
	process.once('exit', disposeEngine);
}
