import { buildInput } from '../../nodes/SocialData/pipeline/validateInput';
import { endpoint, rejection } from './support/inputRejection';

/** Arguments as an AI agent sends them through the tools (`$fromAI`): unambiguous shapes are accepted, the rest refused with what to send. */

describe('arguments from an AI agent', () => {
	it('takes a value wrapped in a one-entry object named like the field (wire or display name)', () => {
		expect(buildInput(endpoint('search_notes'), { keyword: { keyword: ' acme ' } }).keyword).toBe(
			'acme',
		);
		expect(buildInput(endpoint('search_notes'), { keyword: { Keyword: 'acme' } }).keyword).toBe(
			'acme',
		);
		expect(
			buildInput(endpoint('fetch_one_video'), { aweme_id: { 'Aweme ID': '7301234567890123456' } })
				.aweme_id,
		).toBe('7301234567890123456');
		expect(
			buildInput(endpoint('fetch_one_video'), { aweme_id: { aweme_id: '7301234567890123456' } })
				.aweme_id,
		).toBe('7301234567890123456');
	});

	it('takes numbers where text is asked for: a keyword, a safe id', () => {
		expect(buildInput(endpoint('fetch_search'), { keyword: 2024 }).keyword).toBe('2024');
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: 123456789 }).aweme_id).toBe(
			'123456789',
		);
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: { aweme_id: 42 } }).aweme_id).toBe(
			'42',
		);
	});

	it('takes numbers and one-entry objects where a whole number is asked for', () => {
		expect(buildInput(endpoint('search_notes'), { keyword: 'acme', page: '2' }).page).toBe(2);
		expect(buildInput(endpoint('search_notes'), { keyword: 'acme', page: { page: 3 } }).page).toBe(
			3,
		);
	});

	it('refuses an object that is not one value, naming the keys and what to send', () => {
		const error = rejection('fetch_search', { keyword: { keyword: 'acme', lang: 'en' } });
		expect(error.field).toBe('keyword');
		expect(error.message).toContain('not an object (keys: keyword, lang)');
		expect(error.message).toContain('Send the value itself, e.g. "keyword": "…"');
		expect(rejection('fetch_search', { keyword: {} }).message).toContain('keys: none');
		// Another name is ambiguous (a different field?), so refused.
		expect(rejection('fetch_search', { keyword: { query: 'acme' } }).message).toContain(
			'keys: query',
		);
		expect(rejection('fetch_search', { keyword: { value: 'acme' } }).message).toContain(
			'keys: value',
		);
		expect(rejection('search_notes', { keyword: 'acme', page: { id: 2 } }).field).toBe('page');
		expect(rejection('fetch_search', { keyword: { inner: { keyword: 'acme' } } }).field).toBe(
			'keyword',
		);
	});

	it('refuses a 64-bit id that arrived as a JSON number, saying to send it as a string without quoting the rounded digits', () => {
		// n8n's tool wrapper parsed the model's 7301234567890123456 into a double before the node saw it.
		const error = rejection('fetch_one_video', { aweme_id: 7301234567890123456 });
		expect(error.field).toBe('aweme_id');
		expect(error.message).toContain('arrived as a JSON number beyond 2^53-1');
		expect(error.message).toContain('Send it as a string');
		expect(error.message).not.toMatch(/\d{16,}/);
		expect(
			rejection('fetch_one_video', { aweme_id: { aweme_id: 7301234567890123456 } }).message,
		).toContain('arrived as a JSON number');
	});
});
