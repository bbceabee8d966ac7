// Tests drive Debian's Chromium (/usr/bin/chromium); Puppeteer must never download a browser of its own.
module.exports = { skipDownload: true };
