/**
 * The parts of the model interfaces' JSON answers the nodes read. Every field is optional: answers
 * are read defensively (`?.`, `typeof` checks), so a field the service leaves out or renames only
 * leaves a value empty. Both spellings of the native interface (`inlineData` / `inline_data`) appear.
 */

export interface InlineData {
	data?: string;
	mimeType?: string;
	mime_type?: string;
}

export interface FileData {
	fileUri?: string;
	file_uri?: string;
	mimeType?: string;
	mime_type?: string;
}

export interface NativePart {
	text?: string;
	thought?: boolean;
	inlineData?: InlineData;
	inline_data?: InlineData;
	fileData?: FileData;
	file_data?: FileData;
}

export interface NativeCandidate {
	content?: { parts?: NativePart[] };
	finishReason?: string;
}

/** A generate-content answer, or one event of its stream. */
export interface NativeAnswer {
	candidates?: NativeCandidate[];
	promptFeedback?: { blockReason?: string };
	usageMetadata?: unknown;
	modelVersion?: string;
	responseId?: string;
}

/** A `:predict` answer. */
export interface PredictionAnswer {
	predictions?: Array<{ bytesBase64Encoded?: string; mimeType?: string }>;
}

/** An `:embedContent` answer. */
export interface EmbeddingAnswer {
	embedding?: { values?: unknown };
}

/** A chat completion, or one chunk of its stream (`message` in the answer, `delta` in a chunk). */
export interface ChatAnswer {
	id?: string;
	model?: string;
	usage?: unknown;
	choices?: Array<{
		message?: { content?: unknown; reasoning_content?: unknown };
		delta?: { content?: unknown; reasoning_content?: unknown };
		finish_reason?: string | null;
	}>;
}

export interface MessagesBlock {
	type?: string;
	text?: string;
	thinking?: string;
}

/** A messages answer. */
export interface MessagesAnswer {
	id?: string;
	model?: string;
	content?: MessagesBlock[];
	stop_reason?: string | null;
	usage?: unknown;
}

/** One event of a messages stream. */
export interface MessagesEvent {
	type?: string;
	message?: { id?: string; model?: string; usage?: Record<string, unknown> };
	content_block?: MessagesBlock;
	delta?: { type?: string; text?: unknown; thinking?: unknown; stop_reason?: string | null };
	usage?: Record<string, unknown>;
}

/** A model listing: `data` (OpenAI-style) or `models` (native). */
export interface ModelListAnswer {
	data?: unknown;
	models?: unknown;
}
