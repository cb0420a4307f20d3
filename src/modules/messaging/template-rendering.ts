import { MessageParameter } from './entities/message-template.entity';

/** A placeholder: `{{name}}`, the name made of letters, digits, `_`, `.` and `-`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]{1,100})\s*\}\}/g;

export interface RenderedContent {
  title: string;
  plainTextBody: string;
  htmlBody: string;
}

export interface TemplateContent {
  subject: string;
  plainTextBody: string;
  htmlBody: string;
  templateData: MessageParameter[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * Fills a template's placeholders: the message's values first, then the template's defaults; a
 * placeholder neither names becomes empty. Values are text: in the HTML body they are escaped, so a
 * value can never add markup; the title is one line.
 */
export function renderTemplate(template: TemplateContent, values: MessageParameter[]): RenderedContent {
  const known = new Map<string, string>();
  for (const parameter of template.templateData) known.set(parameter.parameter_name, parameter.value);
  for (const parameter of values) known.set(parameter.parameter_name, parameter.value);
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(PLACEHOLDER, (_placeholder, name: string) => escape(known.get(name) ?? ''));
  return {
    title: fill(template.subject, (value) => value).replace(/[\r\n]+/g, ' '),
    plainTextBody: fill(template.plainTextBody, (value) => value),
    htmlBody: fill(template.htmlBody, escapeHtml),
  };
}

/** The first line of a text, cut to 100 characters. */
export function previewOf(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
