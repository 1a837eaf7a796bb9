// Text helpers the report uses.
export function slugify(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) out += text[i];
    else if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
    else if (!out.endsWith("-")) out += "-";
  }
  return out;
}

export function checksum(text: string): number {
  let h = 2166136261;
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
  }
  return h;
}
