import { withoutPassword } from './connection-url';

describe('a connection URL as a log shows it', () => {
  it.each([
    ['postgres://shop:s3cret@db:5432/shop', 'postgres://shop:***@db:5432/shop'],
    ['kurrentdb://admin:changeit@k1:2113,k2:2113,k3:2113?tls=true', 'kurrentdb://admin:***@k1:2113,k2:2113,k3:2113?tls=true'],
    ['mongodb://shop:p%40ss@m1:27017,m2:27017/brewery?replicaSet=rs0', 'mongodb://shop:***@m1:27017,m2:27017/brewery?replicaSet=rs0'],
    ['mongodb://m1:27017,m2:27017/?replicaSet=rs0', 'mongodb://m1:27017,m2:27017/?replicaSet=rs0'],
    ['mongodb://reader@m1/brewery', 'mongodb://reader@m1/brewery'],
  ])('%s is shown as %s', (url, shown) => {
    expect(withoutPassword(url)).toBe(shown);
  });

  it('something that is no URL is not shown at all', () => {
    expect(withoutPassword('s3cret password')).toBe('(an unreadable URL)');
  });
});
