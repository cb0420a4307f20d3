import { AppLogger } from './app-logger';

describe('AppLogger', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const levels = () => written.map((line) => (JSON.parse(line) as { level: string; context?: string }).level);

  it("keeps Nest's route mapping out of info", () => {
    const logger = new AppLogger('info');
    logger.log('Mapped {/stores, GET} route', 'RouterExplorer');
    logger.log('StoresController {/}:', 'RoutesResolver');
    logger.log('Database: applied 3 migrations', 'Tessera');
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('Database: applied 3 migrations');
  });

  it('writes the route mapping at debug', () => {
    const logger = new AppLogger('debug');
    logger.log('Mapped {/stores, GET} route', 'RouterExplorer');
    expect(levels()).toEqual(['debug']);
  });

  it('writes nothing when silent', () => {
    new AppLogger('silent', 'Tessera').error('failed');
    expect(written).toEqual([]);
  });
});
