/** A multipart/form-data body with one file, as a browser's upload sends it. */
export function multipartFile(contents: Buffer, fileName: string, contentType: string) {
  const boundary = `----test${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, contents, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with text fields and one file, as a browser's form sends it. */
export function multipartForm(
  fields: Record<string, string>,
  file: { contents: Buffer; fileName: string; contentType: string },
) {
  const boundary = `----test${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(texts.join('') + head),
      file.contents,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
