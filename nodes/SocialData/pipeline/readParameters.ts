import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * Reads node parameters per item, but a parameter without any expression only once: its value is
 * the same for every item, and n8n's per-read resolution costs more than many calls' transport.
 */
export class ParameterReader {
	private readonly constants = new Map<string, unknown>();

	constructor(private readonly context: IExecuteFunctions) {}

	get<T>(name: string, itemIndex: number, fallback?: T): T {
		if (this.constants.has(name)) return this.constants.get(name) as T;
		const value = this.context.getNodeParameter(
			name,
			itemIndex,
			fallback as NodeParameterValueType,
		) as T;
		if (!holdsExpression(this.context.getNode().parameters[name])) this.constants.set(name, value);
		return value;
	}
}
