// Builds the e-mail (HTML with inline styles and tables, as mail clients render them) and the short
// Markdown version for team chat, from the mentions, the trend and the model's summary.
const { brand, mentions, failures, trend } = $('Keep 7-Run Trend').first().json;
const summary = String($input.first().json.text ?? '').trim();
const SOURCES = ['notes', 'articles', 'videos'];
const SOURCE_NAMES = { notes: 'Notes', articles: 'Articles', videos: 'Videos' };
const SENTIMENTS = ['positive', 'neutral', 'negative', 'unclassified'];
const COLOURS = {
	positive: '#2f9e5b',
	neutral: '#a3adb8',
	negative: '#d9463e',
	unclassified: '#e8a33d',
};
const FONT = 'font-family:Helvetica,Arial,sans-serif;';
const MAX_ACTIONS = 10;
const MAX_TOP = 5;

const escape = (value) =>
	String(value ?? '').replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
	);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const number = (n) => (n === null || n === undefined ? '–' : Number(n).toLocaleString('en-US'));
const sourceName = (source) => SOURCE_NAMES[source] ?? source;
const day = new Date().toISOString().slice(0, 10);

const totals = Object.fromEntries(
	SENTIMENTS.map((s) => [s, mentions.filter((m) => m.sentiment === s).length]),
);
const counts = {};
for (const source of [...SOURCES, ...mentions.map((m) => m.source)])
	counts[source] ??= Object.fromEntries(SENTIMENTS.map((s) => [s, 0]));
for (const m of mentions) counts[m.source][m.sentiment] += 1;
const byEngagement = (a, b) => (b.engagement ?? 0) - (a.engagement ?? 0);
const negatives = mentions.filter((m) => m.sentiment === 'negative').sort(byEngagement);
const top = [...mentions].sort(byEngagement).slice(0, MAX_TOP);
const unclassified = mentions.filter((m) => m.sentiment === 'unclassified');
const failedSources = new Set(failures.map((f) => f.source));
const sourcesOk = SOURCES.filter((s) => !failedSources.has(s)).length;

const tone =
	totals.negative > totals.positive
		? 'leaning negative'
		: totals.positive > totals.negative
			? 'leaning positive'
			: 'balanced';
const verdict =
	mentions.length === 0
		? 'No new mentions today.'
		: `${plural(mentions.length, 'new mention')}, ${tone} (${totals.positive} positive, ${totals.negative} negative): ${totals.negative ? `${totals.negative} to answer.` : 'nothing to answer.'}`;

// --- HTML pieces -------------------------------------------------------------------------------
const bar = (parts, widthPercent = 100) => {
	const sum = parts.reduce((n, p) => n + p.value, 0);
	if (sum === 0)
		return `<table role="presentation" width="${widthPercent}%" cellpadding="0" cellspacing="0"><tr><td height="12" bgcolor="#eef1f4" style="height:12px;background:#eef1f4;font-size:1px;line-height:1px;">&nbsp;</td></tr></table>`;
	const cells = parts
		.filter((p) => p.value > 0)
		.map(
			(p) =>
				`<td width="${((p.value / sum) * 100).toFixed(1)}%" height="12" bgcolor="${p.colour}" style="height:12px;background:${p.colour};font-size:1px;line-height:1px;">&nbsp;</td>`,
		);
	return `<table role="presentation" width="${Math.max(2, widthPercent).toFixed(1)}%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tr>${cells.join('')}</tr></table>`;
};
const sentimentParts = (c) => SENTIMENTS.map((s) => ({ value: c[s] ?? 0, colour: COLOURS[s] }));
const heading = (text) =>
	`<tr><td style="${FONT}padding:26px 28px 8px;font-size:13px;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:#5b6573;">${text}</td></tr>`;
const link = (m, text) =>
	m.url
		? `<a href="${escape(m.url)}" style="color:#1d5fbf;text-decoration:none;">${escape(text)}</a>`
		: escape(text);
const dot = (sentiment) =>
	`<span style="display:inline-block;width:9px;height:9px;border-radius:5px;background:${COLOURS[sentiment]};"></span>`;

const headline = (value, label, colour) =>
	`<td width="25%" align="center" style="${FONT}padding:14px 4px;border-right:1px solid #eef1f4;"><div style="font-size:30px;font-weight:bold;color:${colour};line-height:34px;">${value}</div><div style="font-size:12px;color:#5b6573;">${label}</div></td>`;
const headlines = `<tr><td style="padding:0 20px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e3e7ec;border-radius:6px;"><tr>
${headline(mentions.length, 'new mentions', '#1f2933')}
${headline(totals.negative, 'negative', totals.negative ? COLOURS.negative : '#1f2933')}
${headline(totals.positive, 'positive', totals.positive ? COLOURS.positive : '#1f2933')}
${headline(`${sourcesOk}/${SOURCES.length}`, 'sources answered', failures.length ? COLOURS.negative : '#1f2933')}
</tr></table>${unclassified.length ? `<div style="${FONT}font-size:12px;color:#8a5a00;padding-top:6px;">${plural(unclassified.length, 'mention')} could not be classified (listed at the end).</div>` : ''}</td></tr>`;

const legend = `<div style="${FONT}font-size:12px;color:#5b6573;padding-top:6px;">${['positive', 'neutral', 'negative'].map((s) => `${dot(s)} ${s}`).join('&nbsp;&nbsp;&nbsp;')}${totals.unclassified ? `&nbsp;&nbsp;&nbsp;${dot('unclassified')} unclassified` : ''}</div>`;
const platformRows = Object.entries(counts)
	.map(([source, c]) => {
		const total = SENTIMENTS.reduce((n, s) => n + c[s], 0);
		const failed = failedSources.has(source);
		return `<tr><td width="22%" style="${FONT}font-size:14px;color:#1f2933;padding:5px 0;">${escape(sourceName(source))}</td><td width="58%" style="padding:5px 0;">${failed ? `<span style="${FONT}font-size:12px;color:${COLOURS.negative};">no data (source failed)</span>` : bar(sentimentParts(c))}</td><td width="20%" align="right" style="${FONT}font-size:12px;color:#5b6573;padding:5px 0;">${failed ? '' : `${total} &middot; <span style="color:${c.negative ? COLOURS.negative : '#5b6573'};">${c.negative} neg</span>`}</td></tr>`;
	})
	.join('');
const platforms = `${heading('Sentiment by platform')}<tr><td style="padding:0 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${platformRows}</table>${legend}</td></tr>`;

const summaryBlock = summary
	? `${heading("The day's summary")}<tr><td style="${FONT}padding:0 28px;font-size:15px;line-height:22px;color:#1f2933;">${escape(summary)}</td></tr>`
	: '';

const engagementLine = (m) =>
	[
		m.likes !== null ? `${number(m.likes)} likes` : null,
		m.comments !== null ? `${number(m.comments)} comments` : null,
		m.shares !== null ? `${number(m.shares)} shares` : null,
		m.reads !== null ? `${number(m.reads)} reads` : null,
	]
		.filter(Boolean)
		.join(' &middot; ');
const actionRows = negatives
	.slice(0, MAX_ACTIONS)
	.map(
		(
			m,
			n,
		) => `<tr><td style="padding:0 0 10px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-left:4px solid ${COLOURS.negative};background:#fdf3f2;"><tr><td style="${FONT}padding:10px 14px;">
<div style="font-size:15px;font-weight:bold;color:#1f2933;">${n + 1}. ${link(m, m.title)}</div>
<div style="font-size:12px;color:#5b6573;padding-top:3px;">${escape(sourceName(m.source))}${m.author ? ` &middot; ${escape(m.author)}` : ''}${engagementLine(m) ? ` &middot; ${engagementLine(m)}` : ''}</div>
${m.reason ? `<div style="font-size:13px;color:#7a2721;padding-top:5px;">${escape(m.reason)}</div>` : ''}
<div style="font-size:13px;padding-top:6px;">${m.url ? `<a href="${escape(m.url)}" style="color:#1d5fbf;font-weight:bold;text-decoration:none;">Open the post and reply &rarr;</a>` : `<span style="color:#5b6573;word-break:break-all;">No web link on ${escape(sourceName(m.source))}: open in the app: ${escape(m.openInApp ?? m.id)}</span>`}</div>
</td></tr></table></td></tr>`,
	)
	.join('');
const moreActions =
	negatives.length > MAX_ACTIONS
		? `<tr><td style="${FONT}font-size:13px;color:#5b6573;">…and ${negatives.length - MAX_ACTIONS} more negative mentions.</td></tr>`
		: '';
const actions = `${heading(`Answer first: ${plural(negatives.length, 'negative mention')}`)}<tr><td style="padding:0 28px;">${negatives.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${actionRows}${moreActions}</table>` : `<div style="${FONT}font-size:14px;color:#2f9e5b;">Nothing negative today.</div>`}</td></tr>`;

const topRows = top
	.map(
		(m) =>
			`<tr><td style="${FONT}padding:7px 0;border-bottom:1px solid #eef1f4;font-size:14px;color:#1f2933;">${dot(m.sentiment)}&nbsp; ${link(m, m.title)}<div style="font-size:12px;color:#5b6573;padding:2px 0 0 15px;">${escape(sourceName(m.source))}${m.author ? ` &middot; ${escape(m.author)}` : ''}${engagementLine(m) ? ` &middot; ${engagementLine(m)}` : ''}</div></td></tr>`,
	)
	.join('');
const topBlock = top.length
	? `${heading('Most engaged')}<tr><td style="padding:0 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${topRows}</table></td></tr>`
	: '';

const maxRun = Math.max(1, ...trend.map((r) => r.mentions));
const runLabel = (r, n) =>
	n === trend.length - 1 ? 'this run' : new Date(r.at).toISOString().replace('T', ' ').slice(5, 16);
const trendRows = trend
	.map(
		(r, n) =>
			`<tr><td width="24%" style="${FONT}font-size:12px;color:${n === trend.length - 1 ? '#1f2933' : '#5b6573'};${n === trend.length - 1 ? 'font-weight:bold;' : ''}padding:3px 0;">${escape(runLabel(r, n))}</td><td width="60%" style="padding:3px 0;">${bar(sentimentParts(r), (r.mentions / maxRun) * 100)}</td><td width="16%" align="right" style="${FONT}font-size:12px;color:#5b6573;padding:3px 0;">${r.mentions}${r.negative ? ` &middot; <span style="color:${COLOURS.negative};">${r.negative}</span>` : ''}</td></tr>`,
	)
	.join('');
const trendBlock = `${heading(`Trend: last ${plural(trend.length, 'run')}`)}<tr><td style="padding:0 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${trendRows}</table><div style="${FONT}font-size:12px;color:#5b6573;padding-top:4px;">New mentions per run (bar length), coloured by sentiment; red figure: negative.</div></td></tr>`;

const failureRows = failures
	.map(
		(f) =>
			`<tr><td style="${FONT}font-size:13px;color:#7a2721;padding:4px 0;"><b>${escape(sourceName(f.source))}</b>${f.status ? ` (HTTP ${escape(f.status)})` : ''}: ${escape(f.error)}</td></tr>`,
	)
	.join('');
const failureBlock = failures.length
	? `${heading('Sources that failed')}<tr><td style="padding:0 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #f1c4c0;background:#fdf3f2;"><tr><td style="padding:8px 14px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${failureRows}</table><div style="${FONT}font-size:12px;color:#5b6573;padding-top:4px;">Today's counts miss these sources; the next run searches them again.</div></td></tr></table></td></tr>`
	: '';
const unclassifiedBlock = unclassified.length
	? `${heading('Could not be classified')}<tr><td style="padding:0 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${unclassified.map((m) => `<tr><td style="${FONT}font-size:13px;color:#1f2933;padding:3px 0;">${dot('unclassified')}&nbsp; ${link(m, m.title)} <span style="color:#5b6573;">(${escape(sourceName(m.source))}) ${escape(m.reason)}</span></td></tr>`).join('')}</table></td></tr>`
	: '';

const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(brand)}: daily brand report ${day}</title></head>
<body style="margin:0;padding:0;background:#eef1f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#eef1f4" style="background:#eef1f4;"><tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" bgcolor="#ffffff" style="width:640px;max-width:100%;background:#ffffff;border-radius:8px;">
<tr><td bgcolor="#1f2933" style="${FONT}background:#1f2933;padding:20px 28px;border-radius:8px 8px 0 0;"><div style="font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#a3adb8;">Daily brand report &middot; ${day}</div><div style="font-size:24px;font-weight:bold;color:#ffffff;padding-top:4px;">${escape(brand)}</div><div style="font-size:15px;color:#dde3ea;padding-top:6px;">${escape(verdict)}</div></td></tr>
<tr><td style="height:18px;line-height:18px;font-size:1px;">&nbsp;</td></tr>
${headlines}
${summaryBlock}
${actions}
${platforms}
${topBlock}
${trendBlock}
${failureBlock}
${unclassifiedBlock}
<tr><td style="${FONT}padding:26px 28px 22px;font-size:11px;color:#8792a2;">New mentions since the last run, from notes, articles and videos, classified by the model gateway. Sent by n8n.</td></tr>
</table></td></tr></table></body></html>`;

// --- Markdown for team chat ----------------------------------------------------------------------
const mdLink = (m) =>
	m.url ? `[${m.title}](${m.url})` : `${m.title} (open in the app: ${m.openInApp ?? m.id})`;
const markdown = [
	`**${brand} — daily brand report, ${day}**`,
	`${verdict}`,
	`${mentions.length} new: ${totals.positive} positive · ${totals.neutral} neutral · ${totals.negative} negative${totals.unclassified ? ` · ${totals.unclassified} unclassified` : ''}`,
	summary ? `> ${summary.replace(/\n+/g, ' ')}` : null,
	negatives.length
		? `**Answer first**\n${negatives
				.slice(0, 5)
				.map(
					(m, n) =>
						`${n + 1}. ${mdLink(m)} (${sourceName(m.source)})${m.reason ? ` — ${m.reason}` : ''}`,
				)
				.join('\n')}${negatives.length > 5 ? `\n…and ${negatives.length - 5} more` : ''}`
		: null,
	top.length
		? `**Most engaged:** ${top
				.slice(0, 3)
				.map((m) => `${mdLink(m)} (${number(m.engagement)})`)
				.join(' · ')}`
		: null,
	`**Trend (last ${plural(trend.length, 'run')}):** ${trend.map((r) => `${r.mentions}${r.negative ? ` (${r.negative} neg)` : ''}`).join(' → ')}`,
	failures.length
		? `**Sources that failed:** ${failures.map((f) => `${sourceName(f.source)}${f.status ? ` (HTTP ${f.status})` : ''}: ${f.error}`).join('; ')}`
		: null,
]
	.filter(Boolean)
	.join('\n\n');

return [
	{
		json: {
			brand,
			day,
			newMentions: mentions.length,
			counts,
			totals,
			failures,
			summary,
			trend,
			top,
			negatives,
			mentions,
			subject: `${brand}: ${plural(mentions.length, 'new mention')}, ${totals.negative} negative (${day})`,
			html,
			markdown,
		},
	},
];
