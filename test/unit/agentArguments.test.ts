import { findEndpoint } from '../../nodes/shared/descriptor';
import { buildInput, InputError } from '../../nodes/shared/validation';

/** Arguments as an AI agent sends them through the tools (`$fromAI`): unambiguous shapes are accepted, the rest refused with what to send. */

const endpoint = (name: string) => findEndpoint(name)!;

function refusal(name: string, given: Record<string, unknown>): InputError {
	try {
		buildInput(endpoint(name), given);
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error(`${name} accepted ${JSON.stringify(given)}`);
}

describe('arguments from an AI agent', () => {
	it('takes a value wrapped in a one-entry object named like the field (wire or display name)', () => {
		expect(buildInput(endpoint('search_notes'), { keyword: { keyword: ' acme ' } }).keyword).toBe('acme');
		expect(buildInput(endpoint('search_notes'), { keyword: { Keyword: 'acme' } }).keyword).toBe('acme');
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: { 'Aweme ID': '7301234567890123456' } }).aweme_id).toBe('7301234567890123456');
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: { aweme_id: '7301234567890123456' } }).aweme_id).toBe('7301234567890123456');
	});

	it('takes numbers where text is asked for: a keyword, a safe id', () => {
		expect(buildInput(endpoint('fetch_search'), { keyword: 2024 }).keyword).toBe('2024');
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: 123456789 }).aweme_id).toBe('123456789');
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: { aweme_id: 42 } }).aweme_id).toBe('42');
	});

	it('takes numbers and one-entry objects where a whole number is asked for', () => {
		expect(buildInput(endpoint('search_notes'), { keyword: 'acme', page: '2' }).page).toBe(2);
		expect(buildInput(endpoint('search_notes'), { keyword: 'acme', page: { page: 3 } }).page).toBe(3);
	});

	it('refuses an object that is not one value, naming the keys and what to send', () => {
		const error = refusal('fetch_search', { keyword: { keyword: 'acme', lang: 'en' } });
		expect(error.field).toBe('keyword');
		expect(error.message).toContain('not an object (keys: keyword, lang)');
		expect(error.message).toContain('Send the value itself, e.g. "keyword": "…"');
		expect(refusal('fetch_search', { keyword: {} }).message).toContain('keys: none');
		// Another name is ambiguous (a different field?), so refused.
		expect(refusal('fetch_search', { keyword: { query: 'acme' } }).message).toContain('keys: query');
		expect(refusal('fetch_search', { keyword: { value: 'acme' } }).message).toContain('keys: value');
		expect(refusal('search_notes', { keyword: 'acme', page: { id: 2 } }).field).toBe('page');
		expect(refusal('fetch_search', { keyword: { inner: { keyword: 'acme' } } }).field).toBe('keyword');
	});

	it('refuses a 64-bit id that already lost digits as a number, saying to send it as a string', () => {
		const error = refusal('fetch_one_video', { aweme_id: 7301234567890123456 });
		expect(error.field).toBe('aweme_id');
		expect(error.message).toContain('beyond 2^53-1 and has already lost digits');
		expect(error.message).toContain('Pass 64-bit ids as strings');
		expect(refusal('fetch_one_video', { aweme_id: { aweme_id: 7301234567890123456 } }).message).toContain('already lost digits');
	});
});
