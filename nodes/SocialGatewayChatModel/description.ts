import type { INodeProperties } from 'n8n-workflow';
import { optionsCollection } from '../shared/optionsCollection';
import { DEFAULT_TEXT_MODEL, modelLocator } from '../shared/models/modelLocator';

/** The panel: the model (from `GET /v1/models`) and the sampling options n8n's own chat models offer. */

export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_TIMEOUT_MS = 300_000;

export const chatModelProperties: INodeProperties[] = [
	modelLocator('searchTextModels', DEFAULT_TEXT_MODEL),
	optionsCollection([
		{
			displayName: 'Frequency Penalty',
			name: 'frequencyPenalty',
			type: 'number',
			default: 0,
			typeOptions: { minValue: -2, maxValue: 2, numberPrecision: 1 },
			description: 'Positive values make the model less likely to repeat the same words',
		},
		{
			displayName: 'Maximum Number of Tokens',
			name: 'maxTokens',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'The longest answer, in tokens. 0 leaves the limit to the model.',
		},
		{
			displayName: 'Presence Penalty',
			name: 'presencePenalty',
			type: 'number',
			default: 0,
			typeOptions: { minValue: -2, maxValue: 2, numberPrecision: 1 },
			description: 'Positive values make the model more likely to talk about new topics',
		},
		{
			displayName: 'Sampling Temperature',
			name: 'temperature',
			type: 'number',
			default: DEFAULT_TEMPERATURE,
			typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 1 },
			description:
				'Higher values make the answers more varied, lower values more focused and repeatable',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			default: DEFAULT_TIMEOUT_MS,
			typeOptions: { minValue: 1000 },
			description:
				'Milliseconds to wait for an answer (for streamed answers: the longest silence between two pieces)',
		},
		{
			displayName: 'Top P',
			name: 'topP',
			type: 'number',
			default: 1,
			typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
			description:
				'Nucleus sampling: only the most likely tokens whose probabilities add up to this value are considered',
		},
	]),
];
