import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Simulator } from '../../../simulator';
import { ensureSox, soxi } from '../../unit/modelGateway/soxTool';
import { bodyOf, bytesOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
let dir: string;
beforeAll(() => {
	ensureSox();
	dir = mkdtempSync(join(tmpdir(), 'speech-'));
});
afterAll(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
});
useSimulator((started) => (sim = started));

const TEXT =
	'Good morning. Here is the brand report for today: mentions are up and mostly positive.';

describe('Model Gateway › speech', () => {
	it.each(['gemini-2.5-flash-preview-tts', 'gemini-2.5-pro-preview-tts'])(
		'%s: the PCM answer becomes a playable 24 kHz WAV',
		async (id) => {
			const { items, error } = await runModelGateway(sim, {
				resource: 'speech',
				operation: 'generate',
				modelId: model(id),
				text: TEXT,
				voiceName: 'Puck',
			});
			expect(error).toBeUndefined();
			const wav = await bytesOf(items[0].binary?.data);
			expect(items[0].binary?.data).toMatchObject({
				mimeType: 'audio/wav',
				fileName: 'speech.wav',
			});
			expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
			expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
			expect(wav.readUInt16LE(20)).toBe(1);
			expect(wav.readUInt32LE(24)).toBe(24000);
			expect(wav.readUInt32LE(40)).toBe(wav.length - 44);

			const file = join(dir, `${id}.wav`);
			writeFileSync(file, wav);
			expect(soxi('-r', file)).toBe('24000');
			expect(soxi('-c', file)).toBe('1');
			expect(soxi('-b', file)).toBe('16');
			const seconds = Number(soxi('-D', file));
			expect(seconds).toBeCloseTo(TEXT.length * 0.06, 2);
			expect(items[0].json).toMatchObject({
				model: id,
				voiceName: 'Puck',
				sourceMimeType: 'audio/L16;codec=pcm;rate=24000',
				mimeType: 'audio/wav',
				sampleRate: 24000,
				channels: 1,
				bitsPerSample: 16,
				usage: { candidatesTokensDetails: [{ modality: 'AUDIO' }] },
			});
			expect(items[0].json.durationSeconds).toBeCloseTo(seconds, 3);

			expect(bodyOf(sim.requests[0])).toEqual({
				model: id,
				contents: [{ role: 'user', parts: [{ text: TEXT }] }],
				generationConfig: {
					responseModalities: ['AUDIO'],
					speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
				},
			});
			expect(schemeOf(sim.requests[0])).toEqual(['queryKey']);
		},
	);

	it('needs a voice name and a text, checked before sending', async () => {
		const noVoice = await runModelGateway(sim, {
			resource: 'speech',
			operation: 'generate',
			modelId: model('gemini-2.5-flash-preview-tts'),
			text: TEXT,
			voiceName: ' ',
		});
		expect(noVoice.error?.message).toMatch(
			/Field "voiceName" \(Voice Name\) is required.* \(item 0\)/,
		);
		// An empty literal is stopped by n8n itself (required parameter); an expression can still come out empty.
		const noText = await runModelGateway(
			sim,
			{
				resource: 'speech',
				operation: 'generate',
				modelId: model('gemini-2.5-flash-preview-tts'),
				text: '={{ $json.script }}',
				voiceName: 'Kore',
			},
			{ inputItems: [{ json: { script: '' } }] },
		);
		expect(noText.error?.message).toMatch(/Field "text" \(Text\) is required/);
		expect(sim.requests).toHaveLength(0);
	});
});
