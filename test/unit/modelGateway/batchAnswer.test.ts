import { readBatchAnswer } from '../../../nodes/ModelGateway/helpers/classification/batchAnswer';

const LABELS = ['positive', 'neutral', 'negative'];
const IDS = ['1', '2', '3'];
const answer = (results: unknown) => JSON.stringify({ results });
const verdictsOf = (text: string) =>
	Object.fromEntries(
		[...readBatchAnswer(text, IDS, LABELS).verdicts].map(([id, v]) => [id, v.label]),
	);

describe('reading a batch answer', () => {
	it('settles every id given once with an allowed label', () => {
		const reading = readBatchAnswer(
			answer([
				{ id: '1', label: 'positive', reason: 'r1' },
				{ id: '2', label: 'neutral', reason: 'r2' },
				{ id: '3', label: 'negative', reason: 'r3' },
			]),
			IDS,
			LABELS,
		);
		expect(reading.problems).toEqual([]);
		expect(reading.verdicts.get('3')).toEqual({ label: 'negative', reason: 'r3' });
	});

	it('reads a fenced answer, a bare list, numeric ids and labels in another case', () => {
		expect(
			verdictsOf(
				'Here you go:\n```json\n' +
					answer([
						{ id: 1, label: 'Positive' },
						{ id: '2', label: 'NEUTRAL' },
						{ id: '3', label: 'negative' },
					]) +
					'\n```',
			),
		).toEqual({ 1: 'positive', 2: 'neutral', 3: 'negative' });
		expect(verdictsOf(JSON.stringify([{ id: '1', label: 'neutral' }]))).toEqual({ 1: 'neutral' });
	});

	it('names what is wrong: missing ids, ids given twice (neither settles), labels outside the set; unknown ids ignored', () => {
		const reading = readBatchAnswer(
			answer([
				{ id: '1', label: 'positive' },
				{ id: '1', label: 'negative' },
				{ id: '2', label: 'maybe' },
				{ id: '9', label: 'neutral' },
			]),
			IDS,
			LABELS,
		);
		expect([...reading.verdicts.keys()]).toEqual([]);
		expect(reading.problems).toEqual([
			'no entry for item 3',
			'more than one entry for item 1',
			'a label outside positive, neutral, negative for item 2 ("maybe")',
		]);
	});

	it('an answer that is not JSON, or JSON without results, settles nothing', () => {
		expect(readBatchAnswer('Sorry, I cannot help.', IDS, LABELS)).toEqual({
			verdicts: new Map(),
			problems: ['the answer is not JSON (The text contains no valid JSON object or array)'],
		});
		expect(readBatchAnswer('{"labels": {}}', IDS, LABELS).problems).toEqual([
			'the answer has no "results" list',
		]);
	});
});
