import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import type { ChatFormat } from '../render/chat/bots';
import { CHAT_FORMATS } from '../render/chat/bots';
import { LocalTime } from '../render/localTime';
import type { Language } from '../render/strings';

export type Format = 'email' | 'markdown' | ChatFormat;
const FORMATS: Format[] = ['email', 'markdown', ...CHAT_FORMATS];

export interface CommonSettings {
	language: Language;
	accent: string;
	formats: Format[];
	fullReportUrl: string | null;
	maxMessages: number;
	itemPerMessage: boolean;
	/** The workflow's time zone (its setting, else n8n's GENERIC_TIMEZONE): every time is read in it. */
	local: LocalTime;
}

const HEX = /^#[0-9a-f]{6}$/i;

function localTimeOf(context: IExecuteFunctions): LocalTime {
	const zone = context.getTimezone();
	try {
		return new LocalTime(zone);
	} catch {
		return invalid(
			{ name: 'timezone', displayName: 'Workflow Settings › Timezone' },
			`must be a time zone such as Asia/Shanghai; got "${zone}"`,
		);
	}
}

/** Language, colour, formats and options of item `itemIndex`, checked before anything is rendered. */
export function readCommonSettings(context: IExecuteFunctions, itemIndex: number): CommonSettings {
	const language = context.getNodeParameter('language', itemIndex, 'en') as string;
	if (language !== 'en' && language !== 'zh')
		invalid({ name: 'language', displayName: 'Language' }, `must be en or zh; got "${language}"`);
	const accent = String(context.getNodeParameter('accentColour', itemIndex, '#1f2933')).trim();
	if (!HEX.test(accent))
		invalid(
			{ name: 'accentColour', displayName: 'Accent Colour' },
			`must be a colour such as #1f2933; got "${accent}"`,
		);
	const formats = context.getNodeParameter('formats', itemIndex, []) as string[];
	const unknown = formats.filter((format) => !FORMATS.includes(format as Format));
	if (!formats.length || unknown.length)
		invalid(
			{ name: 'formats', displayName: 'Formats' },
			`must name one or more of ${FORMATS.join(', ')}; got ${JSON.stringify(formats)}`,
		);
	const options = context.getNodeParameter('options', itemIndex, {}) as {
		fullReportUrl?: string;
		maxMessages?: number;
		itemPerMessage?: boolean;
	};
	const fullReportUrl = String(options.fullReportUrl ?? '').trim() || null;
	if (fullReportUrl !== null && !/^https?:\/\/\S+$/i.test(fullReportUrl))
		invalid(
			{ name: 'fullReportUrl', displayName: 'Full Report URL' },
			`must be an absolute http(s) address; got "${fullReportUrl}"`,
		);
	const maxMessages = options.maxMessages ?? 3;
	if (!Number.isInteger(maxMessages) || maxMessages < 1 || maxMessages > 5)
		invalid(
			{ name: 'maxMessages', displayName: 'Max Messages per Chat' },
			`must be a whole number from 1 to 5; got ${JSON.stringify(maxMessages)}`,
		);
	return {
		language: language as Language,
		accent,
		formats: formats as Format[],
		fullReportUrl,
		maxMessages,
		itemPerMessage: options.itemPerMessage ?? false,
		local: localTimeOf(context),
	};
}
