import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Prebuilt voices of the native speech models, with the character each is known for. A voice
 * missing here can still be given as an expression: the value is sent as it is.
 */
const VOICES: Array<[name: string, character: string]> = [
	['Achernar', 'Soft'],
	['Achird', 'Friendly'],
	['Algenib', 'Gravelly'],
	['Algieba', 'Smooth'],
	['Alnilam', 'Firm'],
	['Aoede', 'Breezy'],
	['Autonoe', 'Bright'],
	['Callirrhoe', 'Easy-going'],
	['Charon', 'Informative'],
	['Despina', 'Smooth'],
	['Enceladus', 'Breathy'],
	['Erinome', 'Clear'],
	['Fenrir', 'Excitable'],
	['Gacrux', 'Mature'],
	['Iapetus', 'Clear'],
	['Kore', 'Firm'],
	['Laomedeia', 'Upbeat'],
	['Leda', 'Youthful'],
	['Orus', 'Firm'],
	['Puck', 'Upbeat'],
	['Pulcherrima', 'Forward'],
	['Rasalgethi', 'Informative'],
	['Sadachbia', 'Lively'],
	['Sadaltager', 'Knowledgeable'],
	['Schedar', 'Even'],
	['Sulafat', 'Warm'],
	['Umbriel', 'Easy-going'],
	['Vindemiatrix', 'Gentle'],
	['Zephyr', 'Bright'],
	['Zubenelgenubi', 'Casual'],
];

export const voiceOptions: INodePropertyOptions[] = VOICES.map(([name, character]) => ({
	name,
	value: name,
	description: character,
}));
