import type { INodeProperties, IParameterBuilderHint } from 'n8n-workflow';
import { RAW_FIELD } from '../descriptor/commonFields';
import { listOrderOf } from '../descriptor';
import { optionsCollection } from '../../shared/execution';
import { fieldProperty, topLevelFieldProperty } from '../editor/endpointProperties';
import type { TriggerEvent } from './events';
import { pagerOwnedFields, TRIGGER_EVENTS } from './events';
import { mentionsOption } from '../editor/nodeOptions';
import { CLASSIFY_PAIRING, inputsToFill } from '../editor/builderHints';
import { triggerBehaviourOptions, triggerLookBackOption } from './options';

/** The trigger's editor panel, generated from the descriptor fields of each event's endpoint. */

/** What an AI builder reads about an event: what starts the workflow, what to fill, what to pair with. */
function eventBuilderHint(event: TriggerEvent): IParameterBuilderHint {
	const parts = [
		`Starts a workflow: ${event.description}. One item per new record, oldest first, each once.`,
		inputsToFill(event.endpoint),
	];
	if (event.endpoint.mentions)
		parts.push(
			`Set \`options.mentions\` for one common record per post or comment (a comment names its post); ${CLASSIFY_PAIRING}.`,
		);
	return { propertyHint: parts.join(' ') };
}

const eventProperty: INodeProperties = {
	displayName: 'Event',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	options: TRIGGER_EVENTS.map((event) => ({
		name: event.name,
		value: event.value,
		description: event.description,
		builderHint: eventBuilderHint(event),
	})),
	default: 'newNote',
};

const isTopLevel = (event: TriggerEvent, name: string) => {
	const field = event.endpoint.fields.find((candidate) => candidate.name === name);
	return !!field && (field.required === true || field.oneOf !== undefined);
};

/** Optional wire fields the user may set: not owned by the pager, not fixed by the event. */
export function offeredOptionalFields(event: TriggerEvent) {
	const owned = pagerOwnedFields(event);
	return event.endpoint.fields.filter(
		(field) =>
			!isTopLevel(event, field.name) &&
			!owned.has(field.name) &&
			!(field.name in listOrderOf(event.endpoint)),
	);
}

function eventProperties(event: TriggerEvent): INodeProperties[] {
	const displayOptions = { show: { event: [event.value] } };
	const topLevel = event.endpoint.fields
		.filter((field) => isTopLevel(event, field.name))
		.map((field) => ({ ...topLevelFieldProperty(event.endpoint, field), displayOptions }));
	const options = [
		...offeredOptionalFields(event).map(fieldProperty),
		...(event.endpoint.raw ? [fieldProperty(RAW_FIELD)] : []),
		...triggerBehaviourOptions,
		...(event.endpoint.newestFirst?.searchIndex ? [triggerLookBackOption] : []),
		...(event.endpoint.mentions ? [mentionsOption] : []),
	];
	return [...topLevel, optionsCollection(options, displayOptions)];
}

export const socialDataTriggerProperties: INodeProperties[] = [
	eventProperty,
	...TRIGGER_EVENTS.flatMap(eventProperties),
];

/** Canvas subtitle: the chosen event in words ("On new note matching a keyword"), not its value. */
export const eventSubtitle = `={{ (${JSON.stringify(Object.fromEntries(TRIGGER_EVENTS.map(({ value, name }) => [value, name])))})[$parameter["event"]] }}`;
