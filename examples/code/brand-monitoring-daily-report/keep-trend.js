// Adds this run's counts to the last 7 runs, kept in the workflow's static data: n8n stores it in its
// database with the workflow, so it survives restarts and every queue-mode worker sees it. n8n saves
// static data after production runs (schedule, webhook, CLI, workers); a test run from the editor
// reads the trend but is not added to it.
const MAX_RUNS = 7;
const { brand, mentions, failures } = $json;
const count = (sentiment) => mentions.filter((m) => m.sentiment === sentiment).length;
const run = {
	at: new Date().toISOString(),
	execution: String($execution.id),
	mentions: mentions.length,
	positive: count('positive'),
	neutral: count('neutral'),
	negative: count('negative'),
	unclassified: count('unclassified'),
	failedSources: failures.length,
};
const store = $getWorkflowStaticData('global');
const trends = store.reportTrend ?? {};
const trend = [...(Array.isArray(trends[brand]) ? trends[brand] : []), run].slice(-MAX_RUNS);
store.reportTrend = { ...trends, [brand]: trend };
return [{ json: { ...$json, trend } }];
