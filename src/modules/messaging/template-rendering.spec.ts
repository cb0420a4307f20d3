import { renderTemplate } from './template-rendering';

describe('renderTemplate', () => {
  const template = {
    subject: 'Hello {{ first_name }}',
    plainTextBody: 'Dear {{first_name}}, your code is {{code}}.{{unknown}}',
    htmlBody: '<p>Dear {{first_name}}</p><p>{{code}}</p>',
    templateData: [
      { parameter_name: 'first_name', value: 'customer' },
      { parameter_name: 'code', value: 'none' },
    ],
  };

  it("fills placeholders with the message's values, then the template's defaults, and empties unknown ones", () => {
    expect(renderTemplate(template, [{ parameter_name: 'code', value: '1234' }])).toEqual({
      title: 'Hello customer',
      plainTextBody: 'Dear customer, your code is 1234.',
      htmlBody: '<p>Dear customer</p><p>1234</p>',
    });
  });

  it('escapes values in the HTML body only, and keeps the title on one line', () => {
    const rendered = renderTemplate(template, [{ parameter_name: 'first_name', value: '<b>Tom & "Jerry"</b>\r\nBcc: x' }]);
    expect(rendered.htmlBody).toBe('<p>Dear &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;\r\nBcc: x</p><p>none</p>');
    expect(rendered.plainTextBody).toContain('<b>Tom & "Jerry"</b>');
    expect(rendered.title).toBe('Hello <b>Tom & "Jerry"</b> Bcc: x');
  });

  it('does not fill placeholders that a value itself contains', () => {
    const rendered = renderTemplate(template, [{ parameter_name: 'first_name', value: '{{code}}' }]);
    expect(rendered.plainTextBody).toBe('Dear {{code}}, your code is none.');
  });
});
