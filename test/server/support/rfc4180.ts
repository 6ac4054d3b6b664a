/**
 * A strict RFC 4180 reader for the tests: records end in CRLF (a bare CR or LF outside quotes is an error),
 * fields are quoted when they hold a comma, a quote or a line break, and a quote inside is doubled. It throws on
 * anything else, so a writer that bends the format fails the test rather than being read leniently.
 */
export function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`not RFC 4180 at ${i}: ${why} (${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))})`);
  };
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail("a quoted field is not closed");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') fail("a quote inside an unquoted field");
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    if (i < text.length) fail("a record must end in CRLF");
  }
  if (record.length) fail("the last record must end in CRLF");
  return records;
}
