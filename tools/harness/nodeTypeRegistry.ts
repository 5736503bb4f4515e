import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import type { HarnessNodeTypes } from './types';

/** The engine's view of the node classes a test registered (n8n's INodeTypes). */
export class HarnessNodeTypeRegistry implements INodeTypes {
	constructor(private readonly types: HarnessNodeTypes) {}

	getByName(type: string): INodeType | IVersionedNodeType {
		const nodeType = this.types[type];
		if (!nodeType) {
			throw new Error(
				`Unknown node type "${type}": register it in nodeTypes (known: ${Object.keys(this.types).join(', ')})`,
			);
		}
		return nodeType;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries(
			Object.entries(this.types).map(([type, nodeType]) => [
				type,
				{ className: nodeType.constructor.name, sourcePath: '' },
			]),
		);
	}
}
