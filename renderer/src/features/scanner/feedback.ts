// What a scan did, told without looking at the screen: a flash over the window and, when the
// setting is on, a tone. A scanner's own beep only says it decoded a barcode; this says whether
// Aisle found it. High and short: opened. Two mid tones: several matches to choose from. Low and
// long: not found or a misread.
import type { ScanOutcome } from '../search/search-store.ts';

export type ScanFeedback = 'found' | 'several' | 'none';

export function feedbackOf(outcome: ScanOutcome): ScanFeedback {
  if (outcome.opened) return 'found';
  if (outcome.result && outcome.result.scan.kind !== 'misread' && outcome.result.hits.length > 0) return 'several';
  return 'none';
}

/** Tones as [frequency Hz, duration ms] played one after the other. */
export const TONES: Record<ScanFeedback, [number, number][]> = {
  found: [[1760, 90]],
  several: [[880, 80], [880, 80]],
  none: [[220, 350]],
};

let audio: AudioContext | null = null;

/** Plays the feedback's tones; silently nothing where the page cannot make sound. */
export function playTone(feedback: ScanFeedback): void {
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [frequency, ms] of TONES[feedback]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + ms / 1000);
      at += (ms + 60) / 1000;
    }
  } catch {
    // No audio device, or audio not allowed yet: the flash still shows.
  }
}
