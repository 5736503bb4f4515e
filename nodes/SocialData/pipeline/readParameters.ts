import type { IExecuteFunctions, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** `={{ $json.objectId }}`: the whole parameter is one field of the input item, as mapping a field writes it. */
const ONE_ITEM_FIELD = /^=\{\{\s*\$json\.([A-Za-z_$][\w$]*)\s*\}\}$/;

const isPlainValue = (value: unknown): value is string | number | boolean =>
	typeof value === 'string' ||
	typeof value === 'boolean' ||
	(typeof value === 'number' && Number.isFinite(value));

/**
 * Reads node parameters per item, but a parameter without any expression only once: its value is
 * the same for every item, and n8n's per-read resolution costs more than many calls' transport.
 * A parameter that is nothing but `{{ $json.<field> }}` holding a string, number or boolean is read
 * from the item directly, as n8n's evaluation would give it; anything else goes through n8n.
 */
export class ParameterReader {
	private readonly constants = new Map<string, unknown>();
	/** Per parameter, the item field it is nothing but (null: it is more), matched once. */
	private readonly itemFields = new Map<string, string | null>();
	private readonly raw: INodeParameters;
	private inputItems?: ReturnType<IExecuteFunctions['getInputData']>;

	constructor(private readonly context: IExecuteFunctions) {
		this.raw = context.getNode().parameters;
	}

	private itemFieldOf(name: string): string | null {
		let field = this.itemFields.get(name);
		if (field === undefined) {
			const raw = this.raw[name];
			field = (typeof raw === 'string' && ONE_ITEM_FIELD.exec(raw)?.[1]) || null;
			this.itemFields.set(name, field);
		}
		return field;
	}

	get<T>(name: string, itemIndex: number, fallback?: T): T {
		if (this.constants.has(name)) return this.constants.get(name) as T;
		const field = this.itemFieldOf(name);
		if (field !== null) {
			this.inputItems ??= this.context.getInputData();
			const value = this.inputItems[itemIndex]?.json[field];
			if (isPlainValue(value)) return value as T;
		}
		const value = this.context.getNodeParameter(
			name,
			itemIndex,
			fallback as NodeParameterValueType,
		) as T;
		if (!holdsExpression(this.raw[name])) this.constants.set(name, value);
		return value;
	}
}
