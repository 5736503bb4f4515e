// Gathers the day's new mentions with the label Classify Sentiment gave each, and the sources that failed.
const SOURCE_OF_ENDPOINT = {
	search_notes: 'notes',
	fetch_search: 'articles',
	fetch_search_videos: 'videos',
	'v1/chat/completions': 'classification',
};
const SOURCE_OF_PLATFORM = { notes: 'notes', articles: 'articles', channels: 'videos' };
const SENTIMENTS = ['positive', 'neutral', 'negative'];
const mentions = [];
const failures = [];
for (const { json } of $input.all()) {
	if (json.error) {
		failures.push({
			source: SOURCE_OF_ENDPOINT[json.endpoint] ?? String(json.endpoint ?? 'unknown'),
			error: String(json.error),
			status: json.status ?? null,
		});
		continue;
	}
	if (!json.platform) continue; // the placeholder item of a day without new mentions
	const verdict = json.classification ?? {};
	mentions.push({
		source: SOURCE_OF_PLATFORM[json.platform] ?? json.platform,
		platform: json.platform,
		id: json.id,
		url: json.url ?? null,
		openInApp: json.openInApp ?? null,
		title: json.title || (json.text ?? '').slice(0, 80) || '(untitled)',
		author: json.author ?? null,
		publishedAt: json.publishedAt ?? null,
		likes: json.likes ?? null,
		comments: json.comments ?? null,
		shares: json.shares ?? null,
		reads: json.reads ?? null,
		engagement:
			(json.likes ?? 0) +
			(json.comments ?? 0) +
			(json.shares ?? 0) +
			Math.round((json.reads ?? 0) / 100),
		sentiment: SENTIMENTS.includes(verdict.label) ? verdict.label : 'unclassified',
		reason: verdict.reason ?? '',
	});
}
const brand = $('Brand').first().json.brand;
const digest = mentions
	.map((m) => `${m.source}: ${m.title} — ${m.sentiment}: ${m.reason}`)
	.join('\n');
return [{ json: { brand, mentions, failures, digest } }];
