import { ClockCircleOutlined, CoffeeOutlined, EnvironmentOutlined, ExperimentOutlined, MailOutlined } from '@ant-design/icons';
import { PlainButtonLink } from '@/shared/ui/plain-button';
import { useConfig } from '@/shared/api/config/get-config';
import './home-page.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface HomePageProps {
  shopHref: string;
}

export const HOME_DESCRIPTION =
  'Independent Perth craft brewery. Mix and match 500mL cans into packs of 4, 8 or 16, delivered Australia-wide.';

const HOP_REGIONS = [
  {
    region: 'America',
    varieties: 'Citra, Mosaic and Simcoe',
    notes: 'Bright citrus, pine and tropical fruit for our pale ales and West Coast IPA.',
  },
  {
    region: 'New Zealand',
    varieties: 'Nelson Sauvin, Motueka and Riwaka',
    notes: 'White wine, lime and passionfruit that lift our hazy and session beers.',
  },
  {
    region: 'Australia',
    varieties: 'Galaxy, Vic Secret and Enigma',
    notes: 'Stone fruit and pineapple from growers in Victoria and Tasmania.',
  },
] as const;

export function HomePage({ shopHref }: HomePageProps) {
  const { data: config } = useConfig();
  const brand = config?.brandName ?? '';

  return (
    <main id="main-content" className="home">
      <PageMeta
        title={brand ? `${brand} | Craft beer from Perth` : 'Craft beer from Perth'}
        description={HOME_DESCRIPTION}
        path="/"
        image="/images/hero-cans.svg"
      />

      <section className="home-hero" aria-labelledby="hero-title">
        <div className="home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">Brewed in Perth, Western Australia</p>
            <h1 id="hero-title" className="home-hero__title">
              Craft Excellence In Every Can
            </h1>
            <p className="home-hero__lede">
              Mix and match our 500mL cans into a 4, 8 or 16 pack. Fresh from the brewery, dispatched Monday, Wednesday and Thursday,
              delivered anywhere in Australia.
            </p>
            <PlainButtonLink variant="accent" to={shopHref} size="large" className="home-hero__cta">
              Shop Now
            </PlainButtonLink>
          </div>
          <img
            className="home-hero__art"
            src="/images/hero-cans.svg"
            alt="Three of our 500mL cans standing on the sand at sunset, with the Indian Ocean behind them"
            width={560}
            height={420}
          />
        </div>
      </section>

      <section className="home-section" aria-labelledby="story-title">
        <div className="home-section__inner home-story">
          <h2 id="story-title" className="home-section__title">
            Our Story
          </h2>
          <div className="home-story__text">
            <p>
              We started brewing in a Perth garage with a second-hand kettle and a stubborn idea: that beer should taste of the place it
              comes from. A few hundred batches later we brew in our own small brewhouse, still by hand, still in small batches.
            </p>
            <p>
              Every beer is named after a corner of Western Australia we love, from the Fremantle Doctor to the Kimberley. We can on site
              within hours of packaging, so every 500mL can reaches you as fresh as it leaves our tanks.
            </p>
          </div>
        </div>
      </section>

      <section className="home-section home-section--tinted" aria-labelledby="ingredients-title">
        <div className="home-section__inner">
          <h2 id="ingredients-title" className="home-section__title">
            Our Ingredients
          </h2>
          <p className="home-section__lede">
            Australian malt, Perth water, and hops from America, New Zealand and Australia, chosen harvest by harvest.
          </p>
          <ul className="home-hops">
            {HOP_REGIONS.map((hop) => (
              <li key={hop.region} className="home-hops__card">
                <ExperimentOutlined aria-hidden className="home-hops__icon" />
                <h3 className="home-hops__region">Hops from {hop.region}</h3>
                <p className="home-hops__varieties">{hop.varieties}</p>
                <p className="home-hops__notes">{hop.notes}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section" aria-labelledby="cellar-door-title">
        <div className="home-section__inner home-cellar">
          <div>
            <h2 id="cellar-door-title" className="home-section__title">
              Saturday Cellar Door
            </h2>
            <p className="home-section__lede">
              Come and taste what is in the tanks. Pull up a stool at the brewery and meet the people who brew your beer.
            </p>
          </div>
          <ul className="home-cellar__facts">
            <li>
              <ClockCircleOutlined aria-hidden /> <strong>Saturdays 10am-4pm</strong>
            </li>
            <li>
              <ExperimentOutlined aria-hidden /> 100mL tasters of every beer on tap
            </li>
            <li>
              <CoffeeOutlined aria-hidden /> Flagon fills cease 3:45pm
            </li>
            <li>
              <EnvironmentOutlined aria-hidden /> BYO food, we supply the beer
            </li>
          </ul>
        </div>
      </section>

      <section className="home-section home-section--tinted" aria-labelledby="contact-title">
        <div className="home-section__inner home-contact">
          <h2 id="contact-title" className="home-section__title">
            Contact Us
          </h2>
          <address className="home-contact__details">
            {config?.shopEmail ? (
              <p>
                <MailOutlined aria-hidden /> Email:{' '}
                <a href={`mailto:${config.shopEmail}`} className="home-contact__link">
                  {config.shopEmail}
                </a>
              </p>
            ) : null}
            {config?.address ? (
              <p>
                <EnvironmentOutlined aria-hidden /> Address: {config.address}
              </p>
            ) : null}
          </address>
        </div>
      </section>
    </main>
  );
}
