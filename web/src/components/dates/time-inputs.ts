import type { MouseEvent } from 'react';

/**
 * The hours and minutes boxes of Mantine's TimePicker (8.3) take a typed number by reading the box's
 * whole text after each keystroke: "1" then "6" over a selected `07` is `16`. They select their two
 * digits on focus and on click, but a click inside a selection ends, in the browser, with the
 * selection collapsed to a caret at the click's point (after the click's handlers ran), so "1600"
 * typed after clicking the hours of `07:30` read `017` (17, on to the minutes), then `06`, `060`
 * (59): 17:59 instead of 16:00, with nothing said. The mouse-up's default is what collapses it:
 * keeping the two digits selected makes a click then typing the same as typing.
 */
function keepWholeValueSelected(event: MouseEvent<HTMLInputElement>) {
  event.preventDefault();
  event.currentTarget.select();
}

/** Spread into a `TimePicker` (or a `DateTimePicker`'s `timePickerProps`): clicking a box selects its whole value. */
export const wholeValueTimeInputs = {
  hoursInputProps: { onMouseUp: keepWholeValueSelected },
  minutesInputProps: { onMouseUp: keepWholeValueSelected },
  secondsInputProps: { onMouseUp: keepWholeValueSelected },
};
