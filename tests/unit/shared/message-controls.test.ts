// Keys and values quoted in a message never print a control character: a NUL, an escape sequence, a line break.
import { describe, expect, it } from 'vitest';
import { ConfigError, OutputNotFolder, CampaignNotFound } from '../../../generator/shared/errors.ts';
import { escapeControls } from '../../../generator/shared/text.ts';

describe('control characters in messages', () => {
  it('are written as \\uXXXX: C0, DEL and C1; printable text as it is', () => {
    expect(escapeControls('a\u0000b\u001b[31mc\u007fd\u009be\tf\ng é')).toBe('a\\u0000b\\u001b[31mc\\u007fd\\u009be\\u0009f\\u000ag é');
  });

  it("are escaped in every argument of a catalogue entry's message, lists included", () => {
    expect(OutputNotFolder.create('out\u0000/x', 'out\u0000/x').message).toBe(
      'Cannot write the build to out\\u0000/x: it is a file, not a folder.',
    );
    expect(CampaignNotFound.create('sum\u001bmer', ['a\nb']).message).toBe(
      'There is no campaign "sum\\u001bmer" in the config. Campaigns: a\\u000ab.',
    );
  });

  it("are escaped in a config problem's file, key path and message, as printed and as listed", () => {
    const error = new ConfigError([{ file: 'v\u0007.yaml', line: 3, column: 1, path: 'campaigns.a\u0000b', message: 'found "a\u0000b"' }]);
    expect(error.issues).toEqual([
      { file: 'v\\u0007.yaml', line: 3, column: 1, path: 'campaigns.a\\u0000b', message: 'found "a\\u0000b"' },
    ]);
    expect(error.message).toBe('The config has 1 problem:\nv\\u0007.yaml:3:1 campaigns.a\\u0000b: found "a\\u0000b"');
    expect(error.message).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});
