import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCall } from '../../shared/transport/request';
import { callGateway } from '../../shared/transport/request';
import type { AnswerSummary } from './answerText';
import type { OutputMode } from './outputs';
import { answerJson, streamJson } from './outputs';
import type { StreamAssembler } from './streams/assembler';
import { consumeStream } from './streams/consumeStream';

/** Sends one call and outputs its answer as the Output parameter asks: the generated text or the whole response. */
export async function answerItems(
	context: IExecuteFunctions,
	i: number,
	call: GatewayCall,
	summaryOf: (response: unknown) => AnswerSummary,
	parseJson: boolean,
): Promise<INodeExecutionData[]> {
	const output = context.getNodeParameter('output', i, 'text') as OutputMode;
	const { body: response } = await callGateway(call);
	return [
		{ json: answerJson(summaryOf(response), response, output, parseJson), pairedItem: { item: i } },
	];
}

export interface StreamOutputSettings {
	keepRawChunks: boolean;
	parseJson: boolean;
}

/** Sends a streaming call and outputs the assembled answer with its timings. */
export async function streamedAnswerItems(
	i: number,
	call: GatewayCall,
	assembler: StreamAssembler,
	{ keepRawChunks, parseJson }: StreamOutputSettings,
): Promise<INodeExecutionData[]> {
	const result = await consumeStream(call, assembler, keepRawChunks);
	return [
		{
			json: streamJson(result as unknown as IDataObject & typeof result, parseJson),
			pairedItem: { item: i },
		},
	];
}
