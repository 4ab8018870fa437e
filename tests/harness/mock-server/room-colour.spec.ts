// The colour parser the scheduler checks rely on (live notes, "Scheduler": parse the
// style robustly: spacing, `!important`, `rgb()`, case). Pure functions, no server.
import { expect, test } from '../../../fixtures/index.js';
import { backgroundColourOf, normaliseColour } from '../../../client/colour.js';

test.describe('room colour parser', () => {
  const styles: [string, string | null][] = [
    ['background-color:#3a87ad!important;', '#3a87ad'],
    ['background-color:#3A87AD!important;', '#3a87ad'],
    ['background-color: #3A87AD !important ;', '#3a87ad'],
    ['BACKGROUND-COLOR :#3a87ad ! important', '#3a87ad'],
    ['color:#fff; background-color: rgb(142, 68, 173) !important;', '#8e44ad'],
    ['background-color:rgb(142 68 173)', '#8e44ad'],
    ['background-color: rgba(142,68,173,0.5) !important', '#8e44ad'],
    ['background-color: RGB(100%, 0%, 0%)', '#ff0000'],
    ['background-color:#abc', '#aabbcc'],
    ['background: #27AE60 url(x.png) no-repeat', '#27ae60'],
    ['background-color:#111111; background-color:#222222 !important', '#222222'],
    ['color:#ffffff', null],
    ['background-color: transparentish', null],
    ['', null],
  ];
  for (const [style, expected] of styles) {
    test(`backgroundColourOf reads ${JSON.stringify(style)} as ${String(expected)}`, () => {
      expect(backgroundColourOf(style)).toBe(expected);
    });
  }

  test('normaliseColour makes hex and rgb() of one colour equal, whatever the case', () => {
    expect(normaliseColour('#D35400')).toBe(normaliseColour('rgb(211, 84, 0)'));
    expect(normaliseColour('#d35400 !important')).toBe('#d35400');
    expect(normaliseColour('not a colour')).toBeNull();
  });
});
