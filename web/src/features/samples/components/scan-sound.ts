let context: AudioContext | null = null;

/**
 * A short beep through Web Audio (no sound file to load): one high tone for a scan done, two low
 * ones for a refusal, so the outcome is heard without looking. Silent where audio is unavailable.
 */
export function beep(done: boolean) {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    const tones = done
      ? [{ at: 0, hz: 880, length: 0.12 }]
      : [0, 0.18].map((at) => ({ at, hz: 220, length: 0.14 }));
    for (const tone of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = done ? 'sine' : 'square';
      oscillator.frequency.value = tone.hz;
      gain.gain.setValueAtTime(0.15, start + tone.at);
      gain.gain.exponentialRampToValueAtTime(0.001, start + tone.at + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + tone.at);
      oscillator.stop(start + tone.at + tone.length);
    }
  } catch {
    // No audio device or no Web Audio: the log on screen says it all the same.
  }
}
