import { ENDPOINTS } from '../../nodes/SocialData/descriptor';
import { SocialData } from '../../nodes/SocialData/SocialData.node';

// n8n 2.41 nodes declare `sensitiveOutputFields`: paths of item.json n8n is to redact in stored
// executions whatever the workflow's policy. Social Data declares the descriptor's secret fields.

test('Social Data declares every field the descriptor marks secret, in a record and in a whole answer', () => {
	const secretNames = new Set(
		ENDPOINTS.flatMap((endpoint) => endpoint.fields.filter((field) => field.secret)).map(
			(field) => field.name,
		),
	);
	expect([...secretNames]).toEqual(['cookie']);
	expect(new SocialData().description.sensitiveOutputFields).toEqual(['cookie', 'data.cookie']);
});
