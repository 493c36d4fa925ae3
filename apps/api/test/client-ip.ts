let ipCounter = 0;

/**
 * A fresh client address per call (`remoteAddress` in `app.inject`), so per-IP rate limits only
 * bite where a test wants them. One counter for the whole suite file: two helpers counting
 * separately could hand two tests the same address.
 */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${200 + ((ipCounter >> 16) & 31)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
