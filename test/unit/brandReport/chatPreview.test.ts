import { inlineHtml, markdownHtml } from '../../../tools/brandMonitoring/chatMarkdown';
import { chatPreviewHtml } from '../../../tools/brandMonitoring/chatPreview';

const feishuCard = (title: string, contents: string[], template = 'blue') => ({
	msg_type: 'interactive',
	card: {
		config: { wide_screen_mode: true },
		header: { title: { tag: 'plain_text', content: title }, template },
		elements: contents.map((content) => ({ tag: 'div', text: { tag: 'lark_md', content } })),
	},
});

describe('chat Markdown as HTML', () => {
	test('bold, italic, code and links; everything else escaped', () => {
		expect(inlineHtml('**12** mentions & *more* `x<y`')).toBe(
			'<strong>12</strong> mentions &amp; <em>more</em> <code>x&lt;y</code>',
		);
		expect(inlineHtml('see [the **post**](https://example.com/a?b=1&c=2)')).toBe(
			'see <a href="https://example.com/a?b=1&amp;c=2">the <strong>post</strong></a>',
		);
		expect(inlineHtml('<script>alert(1)</script> "q" \'s\'')).toBe(
			'&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &#39;s&#39;',
		);
	});

	test('only http(s) and mailto become links; other addresses stay text', () => {
		expect(inlineHtml('[x](javascript:alert(1))')).not.toContain('<a');
		expect(inlineHtml('[open](snssdk1128://aweme/detail/7)')).toBe(
			'open (snssdk1128://aweme/detail/7)',
		);
	});

	test('<font color> in WeCom and Feishu names; an unknown colour stays text', () => {
		expect(inlineHtml('<font color="warning">3 negative</font>')).toBe(
			'<span style="color:#e0632a">3 negative</span>',
		);
		expect(inlineHtml("<font color='info'>ok</font> <font color=comment>c</font>")).toBe(
			'<span style="color:#2c9b3f">ok</span> <span style="color:#8f959e">c</span>',
		);
		expect(inlineHtml('<font color="x;background:url(a)">y</font>')).toBe(
			'&lt;font color=&quot;x;background:url(a)&quot;&gt;y&lt;/font&gt;',
		);
	});

	test('Feishu lark_md keeps every line break and knows no headings', () => {
		expect(markdownHtml('### a\nb\n\nc', 'lark_md')).toBe('### a<br>b<br><br>c');
	});

	test('DingTalk joins a single line break unless the line ends in two spaces', () => {
		expect(markdownHtml('### Title\n\none\ntwo  \nthree', 'dingtalk')).toBe(
			'<h3>Title</h3><p>one two<br>three</p>',
		);
	});

	test('WeCom keeps line breaks; lists keep their numbers across paragraphs; quotes', () => {
		expect(markdownHtml('a\nb\n\n1. x\n2. y\n\n3. z\n\n> said\n- u', 'wecom')).toBe(
			'<p>a<br>b</p><ol><li>x</li><li>y</li></ol><ol start="3"><li>z</li></ol><blockquote>said</blockquote><ul><li>u</li></ul>',
		);
	});
});

describe('chatPreviewHtml', () => {
	test('a column per bot with its message count, the Feishu header in its template colour', () => {
		const html = chatPreviewHtml([
			{ bot: 'feishu', body: feishuCard('Spike alert: acme', ['**8** negative'], 'red') },
			{ bot: 'wecom', body: { msgtype: 'markdown', markdown: { content: '**t**\n\nx' } } },
			{ bot: 'feishu', body: feishuCard('Report', ['a\nb']) },
			{
				bot: 'dingtalk',
				body: { msgtype: 'markdown', markdown: { title: 'T', text: '### T\n\ny' } },
			},
		]);
		expect(html).toContain('Feishu / Lark — 2 messages');
		expect(html).toContain('WeCom — 1 message<');
		expect(html).toContain('DingTalk — 1 message<');
		expect(html).toContain('style="background:#f54a45">Spike alert: acme</div>');
		expect(html).toContain('style="background:#3370ff">Report</div>');
		expect(html).toContain('<strong>8</strong> negative');
		expect(html).toContain('<p><strong>t</strong></p><p>x</p>');
		expect(html).toContain('Notification: T</div><div class="markdown"><h3>T</h3><p>y</p>');
		expect(html.indexOf('Feishu / Lark')).toBeLessThan(html.indexOf('WeCom'));
	});

	test('a title with <script> stays text, and the page has no script and allows no network', () => {
		const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>';
		const html = chatPreviewHtml([
			{ bot: 'feishu', body: feishuCard(hostile, [hostile]) },
			{ bot: 'wecom', body: { msgtype: 'markdown', markdown: { content: hostile } } },
			{
				bot: 'dingtalk',
				body: { msgtype: 'markdown', markdown: { title: hostile, text: hostile } },
			},
		]);
		expect(html).not.toMatch(/<script|<img/i);
		expect(html.match(/&lt;script&gt;alert\(1\)&lt;\/script&gt;/g)).toHaveLength(5);
		expect(html).toContain("content=\"default-src 'none'; style-src 'unsafe-inline'\"");
	});

	test('a body in an unknown shape is shown as it came, never dropped', () => {
		const html = chatPreviewHtml([
			{ bot: 'feishu', body: { msg_type: 'text', content: { text: 'hi <b>' } } },
			{ bot: 'wecom', body: { msgtype: 'markdown', markdown: {} } },
			{ bot: 'feishu', body: { msg_type: 'interactive', card: { elements: [{ tag: 'img' }] } } },
		]);
		expect(html).toContain('Not a Feishu interactive card');
		expect(html).toContain('&quot;text&quot;: &quot;hi &lt;b&gt;&quot;');
		expect(html).toContain('Not a WeCom markdown message');
		expect(html).toContain('Card element the preview does not show: img');
	});
});
