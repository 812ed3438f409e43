/**
 * Request bodies that must reach the target byte for byte. The client sends a Buffer as is; a string
 * handed to Playwright's request API with a JSON content type would be re-encoded as a JSON string
 * literal, turning a malformed body into a valid one.
 */

/** The UTF-8 bytes of `text`, which must not parse as JSON (else the test would send a valid body). */
export function malformedJson(text: string): Buffer {
  let parses = true;
  try {
    JSON.parse(text);
  } catch {
    parses = false;
  }
  if (parses) throw new Error(`malformedJson: ${JSON.stringify(text)} is valid JSON`);
  return Buffer.from(text, 'utf8');
}
