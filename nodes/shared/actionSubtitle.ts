import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle: the chosen operation's action in words ("Search notes", "Upload an asset"),
 * looked up from the resource and operation values of the node's own operation dropdowns.
 */
export function actionSubtitle(properties: INodeProperties[]): string {
	const actions: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		const resources = (property.displayOptions?.show?.resource ?? []) as string[];
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			for (const resource of resources)
				actions[`${resource}:${String(option.value)}`] = option.action ?? option.name;
		}
	}
	return `={{ (${JSON.stringify(actions)})[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
