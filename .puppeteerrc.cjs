// pa11y (npm run check:a11y) brings Puppeteer, whose install step would download its own Chrome
// from storage.googleapis.com: unreachable on these machines and not needed, since the check
// drives Debian's Chromium (/usr/bin/chromium) like every other browser test.
module.exports = { skipDownload: true };
