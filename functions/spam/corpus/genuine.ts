import type { CorpusEnquiry } from './types.ts'

/**
 * Genuine enquiries a UK agency gets: small businesses, charities and sole traders, short and
 * long, some with links to their own site, some asking about SEO and Google in their own words.
 */
export const genuineEnquiries: readonly CorpusEnquiry[] = [
  {
    name: 'Priya Shah',
    email: 'priya@shahdentalcare.co.uk',
    phone: '0116 496 0412',
    company: 'Shah Dental Care',
    message:
      'Hello, we are a two-surgery dental practice in Leicester and our website was built in 2016. It does not work well on phones and patients keep ringing to ask our opening hours. Could you quote for a new site with online booking?',
  },
  {
    name: 'Tom Whitfield',
    email: 'tom@whitfieldplumbing.co.uk',
    phone: '07700 900184',
    company: 'Whitfield Plumbing & Heating',
    message:
      'Can you give me a ring about Google Ads? Spending about £400 a month and getting nothing.',
  },
  {
    name: 'Sarah Okafor',
    email: 'sarah.okafor@gmail.com',
    phone: '07700 900731',
    company: 'Little Acorns Nursery',
    message:
      'Hi there, I run a small day nursery in Croydon. Parents find us through word of mouth but we have 6 places to fill from January. Would social media ads be worth it for us? Happy to chat any weekday after 6pm.',
  },
  {
    name: 'James Hargreaves',
    email: 'j.hargreaves@hargreaves-solicitors.co.uk',
    phone: '0161 496 0877',
    company: 'Hargreaves & Co Solicitors',
    message:
      'We are a firm of eight solicitors in Stockport specialising in family law and conveyancing. Our current site is at https://www.hargreaves-solicitors.co.uk and we would like a refresh that meets SRA transparency rules (price information for conveyancing). Please could someone send over a rough cost and timescale?',
  },
  {
    name: 'Megan Lloyd',
    email: 'megan@thebakehouselloyd.co.uk',
    phone: '029 2018 0442',
    company: 'The Bakehouse',
    message:
      'Do you build Shopify shops? We want to sell our cakes for local delivery around Cardiff.',
  },
  {
    name: 'Raj Patel',
    email: 'raj@patelpharmacy.co.uk',
    phone: '0121 496 0093',
    company: 'Patel Pharmacy',
    message:
      'We have three pharmacies in Birmingham and want to promote our flu jab and travel clinic. Our Google Business profiles are a mess (one still shows the old address). Can you help tidy them up and run a local campaign?',
  },
  {
    name: 'Emma Clarke',
    email: 'emma.clarke@outlook.com',
    phone: '07700 900562',
    company: 'Emma Clarke Photography',
    message:
      'I am a wedding photographer in the Cotswolds. I used to be on the first page of Google for "cotswolds wedding photographer" but I have dropped to page three since the summer. Is this something you could look into, and what would an SEO review cost?',
  },
  {
    name: 'David Mensah',
    email: 'david@mensahautos.co.uk',
    phone: '0113 496 0215',
    company: 'Mensah Autos',
    message: 'Need a simple website for my garage. MOTs, servicing, tyres. Budget around £1,500.',
  },
  {
    name: 'Fiona MacLeod',
    email: 'fiona@glenbrae-bnb.co.uk',
    phone: '01463 496021',
    company: 'Glenbrae B&B',
    message:
      'Good morning. We run a five-room B&B near Inverness and rely far too much on Booking.com, who take 15%. We would love more direct bookings through our own site. Do you have experience with hospitality clients and booking engines such as Freetobook?',
  },
  {
    name: 'Oliver Bennett',
    email: 'oliver@bennettjoinery.co.uk',
    phone: '07700 900318',
    company: 'Bennett Joinery',
    message: 'Please call me back about a website. Thanks',
  },
  {
    name: 'Aisha Rahman',
    email: 'aisha@brightsteps.org.uk',
    phone: '020 7946 0551',
    company: 'Bright Steps (registered charity)',
    message:
      'We are a small youth charity in Tower Hamlets. We have a Google Ad Grant that we have never used properly. Do you offer discounted rates for charities, and could you help us set up campaigns for our volunteering programme?',
  },
  {
    name: 'Gareth Jones',
    email: 'gareth.jones@btinternet.com',
    phone: '01792 496330',
    company: 'Jones Electrical',
    message:
      'Hi, my son built my website a few years ago and now it says "not secure" in Chrome. Customers have mentioned it. Can you sort that out and maybe make it look a bit more modern? I am not very technical so plain English please!',
  },
  {
    name: 'Hannah Wood',
    email: 'hannah@woodandwillow.co.uk',
    phone: '07700 900907',
    company: 'Wood & Willow Florist',
    message:
      'We are a florist in Harrogate. Valentine’s Day and Mother’s Day are our busiest times and we want to plan ads early this year. Could we book a call in the next couple of weeks?',
  },
  {
    name: 'Chris Doyle',
    email: 'chris@doylefitness.co.uk',
    phone: '07700 900266',
    company: 'Doyle Fitness',
    message:
      'I run a personal training studio in Belfast. Looking for someone to manage Instagram and Facebook for us, 3-4 posts a week plus ads for the January rush. What would a monthly retainer look like?',
  },
  {
    name: 'Lucy Turner',
    email: 'lucy.turner@turnerestates.co.uk',
    phone: '01273 496114',
    company: 'Turner Estates',
    message:
      'We are an independent estate agent in Brighton. We want property alerts and valuation requests on our website, linked to our CRM (Reapit). Is that something you can build?',
  },
  {
    name: 'Ben Foster',
    email: 'ben@fostercoffee.co.uk',
    phone: '07700 900423',
    company: 'Foster Coffee Roasters',
    message:
      'Hi, saw your work for a café in Bristol. We roast coffee and sell online. Can we talk?',
  },
  {
    name: 'Karen Holt',
    email: 'karen@holtaccountancy.co.uk',
    phone: '01604 496788',
    company: 'Holt Accountancy',
    message:
      'Our practice is moving from Northampton town centre to a new office in Moulton. We need the website, Google listing and directories updated with the new address before 1 March. Also thinking about a small rebrand. Could you quote for both?',
  },
  {
    name: 'Imran Hussain',
    email: 'imran@hussaintaxis.co.uk',
    phone: '07700 900640',
    company: 'Hussain Taxis',
    message: 'Want an app for booking taxis in Bradford, how much roughly?',
  },
  {
    name: 'Rebecca Ashworth',
    email: 'rebecca@ashworthvets.co.uk',
    phone: '01257 496400',
    company: 'Ashworth Veterinary Surgery',
    message:
      'Hello, we are a mixed practice in Chorley. We are recruiting vets and nurses and our careers page is not bringing in applicants. Could you help with a recruitment campaign, maybe LinkedIn and Indeed? We have used agencies before with mixed results so would like to see examples.',
  },
  {
    name: 'Daniel Price',
    email: 'dan@pricebrewing.co.uk',
    phone: '07700 900871',
    company: 'Price Brewing Co',
    message:
      'Small craft brewery in Shropshire. We have a taproom opening in spring and want a launch plan: website update, events listings, social. Our current site is pricebrewing.co.uk if you want a look.',
  },
  {
    name: 'Sophie Grant',
    email: 'sophie@grantinteriors.co.uk',
    phone: '0131 496 0722',
    company: 'Grant Interiors',
    message:
      'Interior design studio in Edinburgh. Our portfolio site is on Squarespace and looks good but gets almost no enquiries. Would an SEO audit help, or is it a content problem? Open to suggestions.',
  },
  {
    name: 'Mark Ellis',
    email: 'mark.ellis@ellisroofing.co.uk',
    phone: '07700 900559',
    company: 'Ellis Roofing',
    message: 'Looking for leads for roofing work in Kent. Do you do Google Local Services ads?',
  },
  {
    name: 'Natalie Brooks',
    email: 'natalie@brooksbeauty.co.uk',
    phone: '07700 900376',
    company: 'Brooks Beauty Salon',
    message:
      'Hi! I own a beauty salon in Leeds. I use Fresha for bookings and just want a nice simple website that links to it, plus help with Google reviews. What do you charge?',
  },
  {
    name: 'Alan McKenzie',
    email: 'alan@mckenzie-engineering.co.uk',
    phone: '01224 496903',
    company: 'McKenzie Engineering Ltd',
    message:
      'We are a precision engineering firm in Aberdeen supplying the energy sector, 40 staff. We are diversifying into renewables and need a B2B website that explains our capabilities (CNC machining, fabrication, ISO 9001). We would also like help with trade show materials for All-Energy in May. Please contact me to arrange a meeting.',
  },
  {
    name: 'Zoe Kaur',
    email: 'zoe@kaurtutoring.co.uk',
    phone: '07700 900128',
    company: 'Kaur Tutoring',
    message: 'Tutoring business in Slough, want more GCSE maths students. Ads or SEO?',
  },
  {
    name: 'Peter Grainger',
    email: 'peter@graingerandsons.co.uk',
    phone: '01332 496550',
    company: 'Grainger & Sons Funeral Directors',
    message:
      'We are a family funeral directors in Derby, established 1921. Our website needs updating to show our prices as the CMA now requires, and we would like it to feel respectful rather than salesy. Could someone visit us to discuss?',
  },
  {
    name: 'Holly Simmons',
    email: 'holly@thedogden.co.uk',
    phone: '07700 900685',
    company: 'The Dog Den',
    message:
      'Dog grooming and daycare in Swindon. Our site is https://thedogden.co.uk/ and bookings come through a form that keeps breaking. Can you fix it or suggest something better?',
  },
  {
    name: 'Robert Chen',
    email: 'robert@goldendragon-takeaway.co.uk',
    phone: '0114 496 0331',
    company: 'Golden Dragon',
    message:
      'We are a Chinese takeaway in Sheffield paying Just Eat a lot in commission. We want our own online ordering on our website. Have you done this for other takeaways?',
  },
  {
    name: 'Laura Pearson',
    email: 'laura.pearson@pearsonlaw.co.uk',
    phone: '0191 496 0614',
    company: 'Pearson Employment Law',
    message:
      'Please could you send me your rates for a monthly SEO retainer. We are an employment law firm in Newcastle. Our main competitor seems to rank above us for everything.',
  },
  {
    name: 'Owen Griffiths',
    email: 'owen@griffithsfarmshop.co.uk',
    phone: '01970 496222',
    company: 'Griffiths Farm Shop',
    message:
      'Farm shop and café near Aberystwyth. We want to start selling meat boxes online with delivery across Wales. We need help with the shop, photos and getting the word out. Thanks, Owen',
  },
  {
    name: 'Charlotte Hughes',
    email: 'charlotte@hughesdesignstudio.co.uk',
    phone: '07700 900490',
    company: 'Hughes Design Studio',
    message:
      'I am a freelance graphic designer and I sometimes get clients who need a website built. Would you be open to a referral arrangement? I would do the design, you do the build.',
  },
  {
    name: 'Mohammed Ali',
    email: 'mo@alisgym.co.uk',
    phone: '07700 900713',
    company: "Ali's Boxing Gym",
    message: 'Hi need help with facebook ads for our new kids boxing classes. Call anytime.',
  },
  {
    name: 'Jessica Moore',
    email: 'jess@mooreandmorecakes.co.uk',
    phone: '07700 900345',
    company: 'Moore & More Cakes',
    message:
      'Hi, I make celebration cakes from home in Reading. I get lots of DMs on Instagram but no proper way to take orders and deposits. Can you make a simple site where people can request a quote and pay a deposit?',
  },
  {
    name: 'Stephen Walsh',
    email: 'stephen@walshbuilders.co.uk',
    phone: '0151 496 0289',
    company: 'Walsh Builders',
    message:
      'Builders in Liverpool, extensions and loft conversions. Want a gallery of before and after photos on the site and to show up when people search for loft conversions Liverpool. Ring me on the number above.',
  },
  {
    name: 'Amelia Ross',
    email: 'amelia.ross@rossvineyard.co.uk',
    phone: '01580 496017',
    company: 'Ross Vineyard',
    message:
      'We are a small vineyard in Kent opening for tours and tastings next year. We need a website with ticket booking for tours, and a wine club subscription. Do you work with WooCommerce or would you recommend Shopify?',
  },
  {
    name: 'Kieran Byrne',
    email: 'kieran@byrnelandscapes.co.uk',
    phone: '07700 900802',
    company: 'Byrne Landscapes',
    message: 'Quote for a website please. Landscaping company, Essex.',
  },
  {
    name: 'Victoria Hall',
    email: 'v.hall@hallandpartners.co.uk',
    phone: '020 7946 0234',
    company: 'Hall & Partners Architects',
    message:
      'We are an architecture practice of twelve in Clerkenwell. We would like to discuss a new website that shows our projects better, with case studies and a news section we can update ourselves. Our current one is www.hallpartners-architects.co.uk. Could you suggest some times next week for a call?',
  },
  {
    name: 'Nathan Cole',
    email: 'nathan@colecycles.co.uk',
    phone: '01225 496711',
    company: 'Cole Cycles',
    message:
      'Independent bike shop in Bath. Our online sales dropped a lot this year. We use Shopify and Google Shopping. Would you be able to look at our product feed and ads? We suspect something is broken.',
  },
  {
    name: 'Grace Thompson',
    email: 'grace@thompsoncare.co.uk',
    phone: '01752 496440',
    company: 'Thompson Home Care',
    message:
      'We provide home care in Plymouth and struggle to recruit carers. Could a campaign on social media help? We are CQC registered and rated Good.',
  },
  {
    name: 'Liam Murphy',
    email: 'liam@murphyscafe.co.uk',
    phone: '07700 900236',
    company: "Murphy's Café",
    message: 'Is it possible to get my menu on Google Maps? Not sure how. Cheers',
  },
  {
    name: 'Helen Barker',
    email: 'helen@barkerdance.co.uk',
    phone: '01482 496905',
    company: 'Barker School of Dance',
    message:
      'Dance school in Hull, 200 pupils. We need a new site with class timetables, online enrolment and payment of termly fees. Our current system is paper forms and bank transfers which is a nightmare. What would you recommend?',
  },
  {
    name: 'Ravi Sharma',
    email: 'ravi@sharmaoptometrists.co.uk',
    phone: '01908 496373',
    company: 'Sharma Optometrists',
    message:
      'Independent opticians in Milton Keynes. We want to compete with Specsavers locally. Our budget is about £1,000 a month for marketing. Can we meet?',
  },
  {
    name: 'Joanne Fletcher',
    email: 'jo@fletcherbookkeeping.co.uk',
    phone: '07700 900951',
    company: 'Fletcher Bookkeeping',
    message:
      'I am a self-employed bookkeeper and want a one-page website. Nothing fancy. What would that cost? I saw a link to you on the Chamber of Commerce site.',
  },
  {
    name: 'Matthew Evans',
    email: 'matt@evanscarpets.co.uk',
    phone: '01633 496528',
    company: 'Evans Carpets & Flooring',
    message:
      'We have had the same website for ten years. It ranks reasonably well for carpets Newport but looks dated. If we rebuild it will we lose our Google rankings? Worried about that. Would like advice before committing.',
  },
  {
    name: 'Sinead O’Brien',
    email: 'sinead@obrienphysio.co.uk',
    phone: '028 9018 0677',
    company: 'O’Brien Physiotherapy',
    message:
      'Physio clinic in Lisburn. We take bookings on Cliniko. Could you set up Google Ads for sports injuries and back pain? We tried ourselves and spent £300 with no bookings.',
  },
  {
    name: 'Andrew Knight',
    email: 'andrew.knight@knightsecurity.co.uk',
    phone: '0115 496 0862',
    company: 'Knight Security Systems',
    message:
      'We install CCTV and alarms across Nottinghamshire. We are NSI Gold approved. We would like a marketing plan for next year focusing on commercial clients. Please ring me.',
  },
  {
    name: 'Rachel Green',
    email: 'rachel@greenleafyoga.co.uk',
    phone: '07700 900614',
    company: 'Greenleaf Yoga',
    message:
      'Hiya, I teach yoga in Norwich. My website is on Wix: https://rachelgreenleaf.wixsite.com/yoga. Can you help make it show up on Google? Not much budget but keen to learn.',
  },
  {
    name: 'Thomas Wright',
    email: 'tom@wrightandcoaccountants.co.uk',
    phone: '01245 496192',
    company: 'Wright & Co',
    message:
      'We would like to add a client portal to our website for document uploads. We already use Xero and Dext. Is this something you build or do you recommend an off-the-shelf product?',
  },
  {
    name: 'Bethany Collins',
    email: 'beth@collinsbridal.co.uk',
    phone: '01392 496804',
    company: 'Collins Bridal',
    message: 'Bridal boutique in Exeter. Looking for help with Pinterest and Instagram. Thank you!',
  },
  {
    name: 'Samuel Adeyemi',
    email: 'sam@adeyemiconsulting.co.uk',
    phone: '07700 900299',
    company: 'Adeyemi Consulting',
    message:
      'I am starting an HR consultancy next month and need branding, a logo and a website. I have a domain already. Could we have a call to go through what is involved and the costs?',
  },
  {
    name: 'Claire Robinson',
    email: 'claire@robinsonkitchens.co.uk',
    phone: '01530 496635',
    company: 'Robinson Kitchens',
    message:
      'Kitchen showroom in Leicestershire. We get plenty of traffic but few showroom visits. Could you review our website and Google Analytics to see where people drop off? Our site: https://www.robinsonkitchens.co.uk/showroom',
  },
  {
    name: 'Paul Dawson',
    email: 'pauldawson1964@hotmail.co.uk',
    phone: '07700 900744',
    company: 'Dawson Decorators',
    message: 'painter and decorator in wigan need website and to be on google. ring after 5',
  },
  {
    name: 'Eleanor Shaw',
    email: 'eleanor@shawgallery.co.uk',
    phone: '01736 496120',
    company: 'Shaw Gallery',
    message:
      'Art gallery in St Ives. We would like to sell prints online and ship internationally. Our artists are mainly Cornish landscape painters. Could you advise on platforms and costs, and whether you handle photography too?',
  },
  {
    name: 'Ahmed Khan',
    email: 'ahmed@khansgrocers.co.uk',
    phone: '0161 496 0549',
    company: "Khan's Grocers",
    message:
      'We are a halal grocer in Manchester with two shops. We want to offer click and collect and delivery. Do you build apps or just websites?',
  },
  {
    name: 'Jennifer Lowe',
    email: 'jennifer@lowepr.co.uk',
    phone: '020 7946 0617',
    company: 'Lowe PR',
    message:
      'We are a PR agency and sometimes need a digital partner for clients who want SEO and paid social alongside PR. Would you be interested in a conversation about working together on a project basis?',
  },
  {
    name: 'Craig Sutherland',
    email: 'craig@sutherlandgolf.co.uk',
    phone: '01334 496787',
    company: 'Sutherland Golf Tours',
    message:
      'We organise golf holidays in Scotland, mostly for American and Canadian groups. We need our site to rank in the US for things like "golf trip Scotland". Is international SEO something you do? Prices on our site are in dollars and pounds.',
  },
  {
    name: 'Louise Harper',
    email: 'louise@harperhomes.co.uk',
    phone: '07700 900530',
    company: 'Harper Homes Lettings',
    message:
      'Letting agent, 300 properties under management in Coventry. Landlord leads have dried up. Help!',
  },
  {
    name: 'Ian Fraser',
    email: 'ian.fraser@fraserdistillery.co.uk',
    phone: '01343 496381',
    company: 'Fraser Distillery',
    message:
      'We are a new gin distillery on Speyside. We need age verification on our site, an online shop compliant with alcohol rules, and help with the launch. Could you send some examples of drinks brands you have worked with?',
  },
  {
    name: 'Natasha Ivanova',
    email: 'natasha@ivanovatranslations.co.uk',
    phone: '07700 900462',
    company: 'Ivanova Translations',
    message:
      'I run a translation agency in London (Russian, Ukrainian, Polish to English). I need a website in English that explains our certified translation services for visa applications. Please get in touch.',
  },
  {
    name: 'George Hamilton',
    email: 'george@hamiltonmarine.co.uk',
    phone: '01983 496271',
    company: 'Hamilton Marine',
    message:
      'Boat repairs and chandlery on the Isle of Wight. Want to sell spares online. About 2,000 products in a spreadsheet. Can you import them?',
  },
  {
    name: 'Abigail Fox',
    email: 'abi@foxandhoundinn.co.uk',
    phone: '01285 496903',
    company: 'The Fox & Hound Inn',
    message:
      'Country pub with rooms in Gloucestershire. We would like to take table bookings and room bookings on the website and send a monthly newsletter. We use Mailchimp already. What would you suggest?',
  },
  {
    name: 'Marcus Reid',
    email: 'marcus@reidtech.co.uk',
    phone: '07700 900158',
    company: 'Reid Tech Repairs',
    message:
      'Phone and laptop repair shop, Glasgow. I noticed a competitor ranking for everything on Google Maps. How do I get more reviews and get higher on the map?',
  },
  {
    name: 'Catherine Bell',
    email: 'catherine@bellcounselling.co.uk',
    phone: '07700 900377',
    company: 'Bell Counselling',
    message:
      'I am a BACP registered counsellor in York. I need a calm, simple website and to appear in local searches. Confidentiality matters, so the contact form must be secure. Thank you.',
  },
  {
    name: 'Dominic Hart',
    email: 'dom@hartmotorsport.co.uk',
    phone: '01327 496668',
    company: 'Hart Motorsport',
    message:
      'We prepare race cars near Silverstone. We want a website and YouTube channel strategy to attract sponsors. Can you help with video as well or just web?',
  },
  {
    name: 'Ruth Campbell',
    email: 'ruth.campbell@campbellcaravans.co.uk',
    phone: '01228 496094',
    company: 'Campbell Caravan Park',
    message:
      'Caravan and camping park near Carlisle. We want online booking with pitch selection. We had a quote from another agency for £8,000 which seemed a lot. Happy to share it for comparison.',
  },
  {
    name: 'Adam Kowalski',
    email: 'adam@kowalskibuilders.co.uk',
    phone: '07700 900903',
    company: 'Kowalski Building Services',
    message:
      'Hello, Polish builder in Peterborough, my English is ok. I want website in English and Polish for my company. How much cost?',
  },
  {
    name: 'Francesca Rossi',
    email: 'francesca@rossideli.co.uk',
    phone: '0117 496 0426',
    company: 'Rossi Deli',
    message:
      'Italian deli in Bristol. We are launching hampers for Christmas and need an online shop live by the end of October. Is that timescale realistic?',
  },
  {
    name: 'Harry Webb',
    email: 'harry@webbtreesurgery.co.uk',
    phone: '07700 900612',
    company: 'Webb Tree Surgery',
    message: 'How much for SEO per month? Tree surgeon in Surrey.',
  },
  {
    name: 'Yasmin Begum',
    email: 'yasmin@begumlaw.co.uk',
    phone: '0121 496 0780',
    company: 'Begum Immigration Law',
    message:
      'We are an immigration law firm. A lot of our clients search in Urdu and Bengali. Could you build pages in those languages as well as English, and advise on SEO for them?',
  },
  {
    name: 'Philip Morgan',
    email: 'phil@morgan-hire.co.uk',
    phone: '01443 496187',
    company: 'Morgan Plant Hire',
    message:
      'Plant hire company in South Wales. Want to list our machines online with availability and prices, and let customers request hire. Please call me to discuss.',
  },
  {
    name: 'Jade Richardson',
    email: 'jade@jadenails.co.uk',
    phone: '07700 900853',
    company: 'Jade Nails',
    message: 'Nail salon Sunderland, need Instagram help and maybe a website. Can you text me?',
  },
  {
    name: 'William Scott',
    email: 'w.scott@scottfinancial.co.uk',
    phone: '020 7946 0742',
    company: 'Scott Financial Planning',
    message:
      'Independent financial adviser, FCA regulated. Any marketing has to be compliant with the financial promotions rules. Do you have experience with regulated clients? We would want a content plan and LinkedIn ads.',
  },
  {
    name: 'Kate Simpson',
    email: 'kate@simpsonsweddings.co.uk',
    phone: '07700 900194',
    company: 'Simpsons Wedding Venue',
    message:
      'Wedding venue in Yorkshire. We had a website built last year (link: https://simpsonsweddings.co.uk) but the enquiry form sends emails to spam. Also the gallery is very slow. Can you take over hosting and fix these?',
  },
  {
    name: 'Joseph Obi',
    email: 'joseph@obicleaning.co.uk',
    phone: '07700 900671',
    company: 'Obi Cleaning Services',
    message:
      'Commercial cleaning company in Luton, 25 staff. We want to win more office contracts. Would LinkedIn or Google work better for us? Looking forward to hearing from you.',
  },
  {
    name: 'Amy Perkins',
    email: 'amy@perkinspottery.co.uk',
    phone: '07700 900508',
    company: 'Perkins Pottery',
    message:
      'Potter selling on Etsy and at markets. Thinking of my own website. Is it worth it compared with Etsy fees? Would love an honest opinion.',
  },
  {
    name: 'Richard Nolan',
    email: 'richard@nolanlocksmiths.co.uk',
    phone: '0117 496 0990',
    company: 'Nolan Locksmiths',
    message:
      'Locksmith in Bristol. Fake listings on Google Maps are stealing our calls. Can you help us report them and improve our own listing?',
  },
  {
    name: 'Sarah Mitchell',
    email: 'sarah@mitchellmortgages.co.uk',
    phone: '01202 496305',
    company: 'Mitchell Mortgages',
    message:
      'Mortgage broker in Bournemouth. We need landing pages for first-time buyers and remortgages, with a calculator. Also thinking about email marketing to past clients whose fixed rates are ending. Please call.',
  },
  {
    name: 'Lewis Grant',
    email: 'lewis@grantbikes.co.uk',
    phone: '07700 900446',
    company: 'Grant E-Bikes',
    message: 'E-bike hire in the Lake District. Website please! Want online booking.',
  },
  {
    name: 'Maria Santos',
    email: 'maria@santoscleaning.co.uk',
    phone: '07700 900382',
    company: 'Santos Domestic Cleaning',
    message:
      'Hello I have a cleaning business in Cambridge with 6 cleaners. I want more customers for regular weekly cleans. I have £200 a month for advertising, is that enough to do anything? Thank you Maria',
  },
  {
    name: 'Edward Lane',
    email: 'ed@laneantiques.co.uk',
    phone: '01608 496733',
    company: 'Lane Antiques',
    message:
      'Antiques dealer in Chipping Norton. Would like a catalogue website where each item has a page and can be marked sold. Roughly 300 items at a time. Not looking for online payment, just enquiries.',
  },
  {
    name: 'Deborah King',
    email: 'deborah@kingcarehomes.co.uk',
    phone: '01302 496218',
    company: 'King Care Homes',
    message:
      'We have three care homes in Doncaster. We need a website that families can trust, with virtual tours, and we need it to be accessible (many of our visitors are older). Could you send a proposal?',
  },
  {
    name: 'Ryan Hughes',
    email: 'ryan@hughesbarbers.co.uk',
    phone: '07700 900115',
    company: 'Hughes Barbers',
    message: 'Barbers in Wrexham, just want a booking page and google listing sorted',
  },
  {
    name: 'Olivia Carter',
    email: 'olivia@cartercandles.co.uk',
    phone: '07700 900762',
    company: 'Carter Candle Co',
    message:
      'I sell handmade candles on my Shopify store carter-candles.co.uk. Sales are mostly to friends and family. I want to reach more people with Meta ads but I have no idea where to start. Do you offer one-off training sessions rather than managing everything?',
  },
  {
    name: 'Simon Hayes',
    email: 'simon.hayes@hayesprinting.co.uk',
    phone: '0116 496 0589',
    company: 'Hayes Printing',
    message:
      'Print company in Leicester. We would like a web-to-print system where customers upload artwork and order business cards and leaflets. Have you built anything like that?',
  },
  {
    name: 'Lauren Baxter',
    email: 'lauren@baxterequestrian.co.uk',
    phone: '01638 496842',
    company: 'Baxter Equestrian',
    message:
      'Livery yard and riding school in Newmarket. Our website was hacked and now shows adverts for tablets. Urgent! Can you help clean it up?',
  },
  {
    name: 'Tariq Malik',
    email: 'tariq@malikmotors.co.uk',
    phone: '0113 496 0655',
    company: 'Malik Motors',
    message:
      'Used car dealer in Leeds, 60 cars in stock. We list on AutoTrader but want our own site to pull the stock feed automatically. Is that possible?',
  },
  {
    name: 'Gemma Fowler',
    email: 'gemma@fowlerfunerals.co.uk',
    phone: '01945 496410',
    company: 'Fowler Funeral Care',
    message: 'Please could you call me regarding a new website. Best time is mornings.',
  },
  {
    name: 'Patrick Quinn',
    email: 'patrick@quinnsbar.co.uk',
    phone: '028 7126 0841',
    company: "Quinn's Bar",
    message:
      'Pub in Derry with live music every weekend. We want to promote gigs on Facebook and Instagram and have an events page on the website. Whats the cost for something like that monthly?',
  },
  {
    name: 'Ella Young',
    email: 'ella@youngandwild.co.uk',
    phone: '07700 900927',
    company: 'Young & Wild Forest School',
    message:
      'We run forest school sessions for under 5s in Herefordshire. Need a simple site with session booking. We are tiny, so please be gentle with the quote!',
  },
  {
    name: 'Martin Lewis',
    email: 'martin@lewisaudio.co.uk',
    phone: '01622 496377',
    company: 'Lewis Audio Visual',
    message:
      'We do AV installation for schools and offices in Kent. Our last agency stopped replying to emails. We need someone to take over our WordPress site and Google Ads account. Can you help?',
  },
  {
    name: 'Chloe Dunn',
    email: 'chloe@dunnhairdesign.co.uk',
    phone: '07700 900284',
    company: 'Dunn Hair Design',
    message: 'hi can you make a website for my salon in Dundee? x',
  },
  {
    name: 'Nicholas Ward',
    email: 'nick@wardsolar.co.uk',
    phone: '01872 496516',
    company: 'Ward Solar',
    message:
      'Solar panel and battery installer in Cornwall, MCS certified. We want to generate leads from homeowners through a quote calculator on our website. We have seen https://www.energysavingtrust.org.uk/ style calculators and like the idea. Can you quote?',
  },
  {
    name: 'Rosie Palmer',
    email: 'rosie@palmerpets.co.uk',
    phone: '07700 900667',
    company: 'Palmer Pet Supplies',
    message:
      'Pet shop in Ipswich. We want to start a loyalty scheme and email newsletter. Is this something you can set up and run for us?',
  },
  {
    name: 'Anthony Brown',
    email: 'anthony@brownandbrownsurveyors.co.uk',
    phone: '020 7946 0199',
    company: 'Brown & Brown Chartered Surveyors',
    message:
      'RICS regulated surveyors in south London. We would like to be found for "Level 3 survey" and "party wall surveyor" in our boroughs. Please send details of your SEO packages and any case studies with professional services firms.',
  },
  {
    name: 'Freya Lindqvist',
    email: 'freya@nordicknits.co.uk',
    phone: '07700 900935',
    company: 'Nordic Knits',
    message:
      'Knitwear brand based in Shetland. Most customers are overseas. Can you help with international shipping setup on Shopify and ads in Scandinavia and the US?',
  },
  {
    name: 'Connor Walsh',
    email: 'connor@walshgardens.co.uk',
    phone: '07700 900321',
    company: 'Walsh Garden Services',
    message: 'Gardener. Want more customers in Solihull. What do you suggest?',
  },
  {
    name: 'Isabel Turner',
    email: 'isabel@turnerdental.co.uk',
    phone: '01483 496246',
    company: 'Turner Dental Implants',
    message:
      'Private dental clinic in Guildford focusing on implants and Invisalign. We spend £3k a month with another agency on Google Ads and get few consultations. Could you audit the account and tell us what is wrong before we decide to switch?',
  },
  {
    name: 'Hamish Stewart',
    email: 'hamish@stewartwhisky.co.uk',
    phone: '01855 496318',
    company: 'Stewart Whisky Tours',
    message:
      'Whisky tours from Fort William. Need bookings website and TripAdvisor integration. Thanks.',
  },
  {
    name: 'Leah Morris',
    email: 'leah.morris@morrisevents.co.uk',
    phone: '07700 900574',
    company: 'Morris Events',
    message:
      'Event planner in Manchester. A friend recommended you. I would like to rebrand and launch a new website in the new year. Could we set up an intro call? My availability: Tuesdays and Thursdays.',
  },
  {
    name: 'Gavin Price',
    email: 'gavin@pricescaffolding.co.uk',
    phone: '07700 900688',
    company: 'Price Scaffolding',
    message:
      'Scaffolding firm in Swansea. Only need a basic website so we look legitimate when bidding for contracts. Our accreditations: CHAS, Constructionline. Cheers, Gavin',
  },
  {
    name: 'Anna Nowak',
    email: 'anna.nowak@gmail.com',
    phone: '07700 900239',
    company: 'Anna Nowak Cleaning',
    message: 'Hello, I want to advertise my cleaning on Facebook, can you help me please',
  },
  {
    name: 'Julian Webb',
    email: 'julian@webbpianos.co.uk',
    phone: '01865 496704',
    company: 'Webb Pianos',
    message:
      'Piano shop and restorers in Oxford. Our site links out to the manufacturers we stock, e.g. https://www.steinway.co.uk and https://www.yamaha.com/uk, and we want to add our own restoration gallery and a tuning booking form. Can you quote?',
  },
  {
    name: 'Megan Fairclough',
    email: 'megan@faircloughfarm.co.uk',
    phone: '01772 496492',
    company: 'Fairclough Farm',
    message:
      'Dairy farm in Lancashire starting a milk vending machine and farm shop. Can you help with a logo, signage and some local advertising? Small budget but we are excited!',
  },
  // Written after the signals were tuned, and measured before being added (decision 0019).
  {
    name: 'Harriet Cole',
    email: 'harriet@colehomewares.co.uk',
    phone: '01373 496210',
    company: 'Cole Homewares',
    message:
      'Homewares shop in Frome. Our Etsy and website stock get out of sync and we oversell. Is there a way to link them?',
  },
  {
    name: 'Dev Anand',
    email: 'dev@anandaccounting.co.uk',
    phone: '020 7946 0388',
    company: 'Anand Accounting',
    message:
      'Accountants in Wembley. Looking to run a campaign for self-assessment season in January, Google and Facebook. Budget £2k.',
  },
  {
    name: 'Mike Rowe',
    email: 'mike.rowe@rowegroundworks.co.uk',
    phone: '07700 900417',
    company: 'Rowe Groundworks',
    message: 'need a site, groundworks firm, Northampton, call me',
  },
  {
    name: 'Beth Ansell',
    email: 'beth@ansellvets.co.uk',
    phone: '01603 496552',
    company: 'Ansell Vets',
    message:
      'We saw your case study for a vet practice and liked it. We are a two-site practice in Norfolk and would like something similar. Our site: www.ansellvets.co.uk',
  },
  {
    name: 'Tomasz Zielinski',
    email: 'tomasz@tzrenovations.co.uk',
    phone: '07700 900698',
    company: 'TZ Renovations',
    message:
      'Hello, renovation company in Ealing. How much is SEO per month and how long before we see results?',
  },
  {
    name: 'Alison Brewer',
    email: 'alison@brewerschoolofmusic.co.uk',
    phone: '01242 496733',
    company: 'Brewer School of Music',
    message:
      'Music school in Cheltenham. Want to add online lesson booking and take payments by direct debit. Do you work with GoCardless?',
  },
  {
    name: 'Kwame Asante',
    email: 'kwame@asantefoods.co.uk',
    phone: '0121 496 0174',
    company: 'Asante Foods',
    message:
      'We make Ghanaian sauces and have just got into 20 Co-op stores. We need a brand website and some social media to support the launch. Can we talk this week?',
  },
  {
    name: 'Lorna Fitzgerald',
    email: 'lorna@fitzgeraldlaw.ie',
    phone: '028 9018 0291',
    company: 'Fitzgerald Law',
    message:
      'Irish law firm opening an office in Belfast. Need a UK-facing version of our site, https://fitzgeraldlaw.ie/belfast is a placeholder for now.',
  },
  {
    name: 'Pete Sandford',
    email: 'pete@sandfordmotorcycles.co.uk',
    phone: '01604 496815',
    company: 'Sandford Motorcycles',
    message:
      'Motorbike dealer. Our Google Ads agency is locking us out of our own account. Can you help us get it back and take over?',
  },
  {
    name: 'Nia Roberts',
    email: 'nia@robertscottages.co.uk',
    phone: '01766 496240',
    company: 'Roberts Cottages',
    message:
      'Holiday cottages in Snowdonia, 4 properties. We want a site with availability calendars that sync with Airbnb. Diolch!',
  },
  {
    name: 'Ollie Grant',
    email: 'ollie.grant@gmail.com',
    phone: '07700 900982',
    company: 'Grant Coffee',
    message: 'Starting a mobile coffee van. Logo and Instagram please, cheap as poss!',
  },
  {
    name: 'Sue Harding',
    email: 'sue@hardingcare.org.uk',
    phone: '01823 496107',
    company: 'Harding Carers Trust',
    message:
      'We are a charity supporting carers in Somerset. Could you review our website for accessibility? We have had complaints it is hard to read.',
  },
]
