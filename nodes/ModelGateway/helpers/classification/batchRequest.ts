import type { IDataObject } from 'n8n-workflow';

/** One item of a batch as the model sees it: a short id and the text to classify. */
export interface BatchEntry {
	id: string;
	text: string;
}

/** Longest text of one item sent to the model; the rest is cut (a batch stays a bounded prompt). */
export const MAX_TEXT_CHARACTERS = 2000;

/** The JSON Schema of the answer: every id given, each with one of the labels and a short reason. */
export function answerSchema(ids: string[], labels: string[]): IDataObject {
	return {
		type: 'object',
		additionalProperties: false,
		required: ['results'],
		properties: {
			results: {
				type: 'array',
				items: {
					type: 'object',
					additionalProperties: false,
					required: ['id', 'label', 'reason'],
					properties: {
						id: { type: 'string', enum: ids },
						label: { type: 'string', enum: labels },
						reason: { type: 'string' },
					},
				},
			},
		},
	};
}

function systemPrompt(instructions: string, labels: string[]): string {
	return [
		instructions.trim(),
		`Give every item exactly one of these labels: ${labels.join(', ')}.`,
		'Answer with JSON only: {"results": [{"id": "<the item\'s id>", "label": "<label>", "reason": "<one short sentence>"}]}, ' +
			'one entry for every item id, each id exactly once.',
	]
		.filter(Boolean)
		.join('\n');
}

/**
 * The chat completions body of one batch: the instructions and labels as the system message, the
 * items as JSON in the user message, and structured output (`response_format` with a strict JSON
 * Schema naming the allowed ids and labels).
 */
export function batchRequestBody(
	model: string,
	instructions: string,
	labels: string[],
	entries: BatchEntry[],
	settings: IDataObject,
): IDataObject {
	const items = entries.map(({ id, text }) => ({
		id,
		text: text.length > MAX_TEXT_CHARACTERS ? `${text.slice(0, MAX_TEXT_CHARACTERS)}…` : text,
	}));
	const body: IDataObject = {
		model,
		messages: [
			{ role: 'system', content: systemPrompt(instructions, labels) },
			{ role: 'user', content: JSON.stringify({ labels, items }) },
		],
		response_format: {
			type: 'json_schema',
			json_schema: {
				name: 'classification',
				strict: true,
				schema: answerSchema(
					entries.map((entry) => entry.id),
					labels,
				),
			},
		},
	};
	return { ...body, ...settings };
}
