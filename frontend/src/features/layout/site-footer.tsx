import type { PublicConfig } from '@brewery/shop-rules';
import { Link } from 'react-router-dom';
import { LIQUOR_ACT_WARNING } from './liquor-warning';
import type { NavItem } from './site-header';
import './site-footer.css';

export interface SiteFooterProps {
  config: PublicConfig | null | undefined;
  quickLinks: readonly NavItem[];
  /** Order status, delivery, returns and privacy. */
  helpLinks?: readonly NavItem[];
}

/** Quick links, social links, and the WA liquor licence particulars with the statutory warning. */
export function SiteFooter({ config, quickLinks, helpLinks = [] }: SiteFooterProps) {
  const licence = config?.liquorLicence;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__heading site-footer__heading--brand">
            {config?.brandName ?? ''}
          </h2>
          <p className="site-footer__text">
            Small-batch beer brewed in Perth, Western Australia, canned fresh in 500mL cans and shipped Australia-wide.
          </p>
          {config?.address ? <p className="site-footer__text">{config.address}</p> : null}
        </section>

        <FooterLinks id="footer-quick-links" title="Quick Links" links={quickLinks} />
        {helpLinks.length > 0 ? <FooterLinks id="footer-help" title="Help" links={helpLinks} /> : null}

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__heading">
            Follow Us
          </h2>
          <ul className="site-footer__list">
            {(config?.social ?? []).map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
            {config?.shopEmail ? (
              <li>
                <a href={`mailto:${config.shopEmail}`}>{config.shopEmail}</a>
              </li>
            ) : null}
          </ul>
        </section>

        <section aria-labelledby="footer-licence">
          <h2 id="footer-licence" className="site-footer__heading">
            Liquor Licence
          </h2>
          {licence ? (
            <dl className="site-footer__licence">
              <dt>Licence number</dt>
              <dd>{licence.number}</dd>
              <dt>Licence class</dt>
              <dd>{licence.licenceClass}</dd>
              <dt>Licensee</dt>
              <dd>{licence.licensee}</dd>
              <dt>Licensed premises</dt>
              <dd>{licence.premises}</dd>
            </dl>
          ) : null}
        </section>
      </div>

      <div className="site-footer__legal">
        <p className="site-footer__warning">{LIQUOR_ACT_WARNING}</p>
        <p className="site-footer__small">
          © {new Date().getFullYear()} {(config?.brandName ?? '').replace(/\.$/, '')}. Enjoy responsibly. Deliveries within Australia to
          adults 18+ only.
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly NavItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul className="site-footer__list">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
