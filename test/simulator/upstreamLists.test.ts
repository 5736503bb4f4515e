import { PROVIDER, SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';

// The simulator's notes and official-account lists beyond the interface document hold clients to
// the paging their answers describe: a later page must send back what the previous answer gave.

const NOTES = '/api/v1/xiaohongshu/app_v2/';
const ACCOUNTS = '/api/v1/wechat_mp/web/';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 3 });

async function run(endpoint: string, input: Record<string, unknown>) {
	const response = await fetch(`${sim.url}/api/v1/run`, {
		method: 'POST',
		headers: { authorization: `Bearer ${SIMULATOR_API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ provider: PROVIDER, endpoint, input }),
	});
	return { status: response.status, body: (await response.json()) as any };
}

describe('get_note_sub_comments', () => {
	const input = () => ({
		note_id: sim.dataset.ids.noteId,
		comment_id: sim.dataset.ids.noteCommentId,
	});

	it('answers its JSON-text cursor, and the next page needs its cursor and index', async () => {
		const first = await run(`${NOTES}get_note_sub_comments`, { ...input(), cursor: '', index: 1 });
		expect(first.status).toBe(200);
		const { cursor, index } = JSON.parse(first.body.data.data.cursor);
		expect(index).toBe(2);
		expect(cursor).toBe(first.body.data.data.comments[2].id);

		const second = await run(`${NOTES}get_note_sub_comments`, { ...input(), cursor, index });
		expect(second.status).toBe(200);
		expect(second.body.data.data.comments[0].id).not.toBe(first.body.data.data.comments[0].id);

		const wrongIndex = await run(`${NOTES}get_note_sub_comments`, { ...input(), cursor, index: 1 });
		expect(wrongIndex.status).toBe(400);
		expect(wrongIndex.body.detail ?? wrongIndex.body.message).toMatch(/index/);
	});

	it('refuses a cursor that names no reply of this comment', async () => {
		const other = await run(`${NOTES}get_note_sub_comments`, {
			...input(),
			cursor: 'f'.repeat(24),
			index: 2,
		});
		expect(other.status).toBe(400);
	});
});

describe('get_user_posted_notes', () => {
	it("goes on after the note its cursor names, and refuses one that is not the user's", async () => {
		const userId = sim.dataset.ids.noteUserId;
		const notes = sim.dataset.userNotes(userId);
		const second = await run(`${NOTES}get_user_posted_notes`, {
			user_id: userId,
			cursor: notes[2].id,
		});
		expect(second.body.data.data.notes.map((note: { id: string }) => note.id)).toEqual(
			notes.slice(3, 6).map((note) => note.id),
		);
		const stranger = await run(`${NOTES}get_user_posted_notes`, {
			user_id: userId,
			cursor: 'a'.repeat(24),
		});
		expect(stranger.status).toBe(400);
	});
});

describe('fetch_mp_article_list', () => {
	it('pages by offset, and the last page says can_msg_continue 0', async () => {
		const { ghid } = sim.dataset.ids;
		const total = sim.dataset.accountMessages(ghid).length;
		const last = await run(`${ACCOUNTS}fetch_mp_article_list`, {
			ghid,
			offset: String(total - 2),
		});
		expect(last.status).toBe(200);
		expect(last.body.data).toMatchObject({ can_msg_continue: 0, next_offset: total, msg_count: 2 });
		expect(JSON.parse(last.body.data.general_msg_list).list).toHaveLength(2);
	});

	it.each([['gh_xyz'], ['a3d35d4c9d3f']])('refuses the ghid %s', async (ghid) => {
		expect((await run(`${ACCOUNTS}fetch_mp_article_list`, { ghid })).status).toBe(400);
	});
});
