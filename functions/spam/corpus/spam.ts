import type { CorpusEnquiry } from './types.ts'

/**
 * Spam as agency contact forms receive it: SEO and "page one of Google" pitches, guest-post and
 * backlink requests, offshore web design and app offers, lead lists, crypto and gambling, link
 * drops, shortened links, foreign-script junk and scripted posts that filled the honeypot.
 */
export const spamEnquiries: readonly CorpusEnquiry[] = [
  {
    name: 'Eric Jones',
    email: 'eric.jones.webvisitor@gmail.com',
    phone: '555-555-1212',
    company: 'Talk With Web Visitor',
    message:
      'Hello, my name is Eric and I was looking at your website. Good news: you are getting visitors. Bad news: most of them leave without contacting you. Our tool Talk With Web Visitor lets you text them instantly. Try it now at https://talkwithwebvisitor.com to boost your leads. If you are not interested, reply "unsubscribe".',
  },
  {
    name: 'Rahul Sharma',
    email: 'rahul.seoexpert@gmail.com',
    phone: '+91 98765 43210',
    company: 'Top Rank SEO Solutions',
    message:
      'Hi, I noticed your website is not ranking on the first page of Google for many keywords. We are a leading SEO company with a team of 50 experts. We can guarantee first page ranking within 3 months at affordable prices. Can I send you a free SEO audit report?',
  },
  {
    name: 'Anna Smith',
    email: 'anna.outreach@outreachmail.net',
    phone: '1234567890',
    company: 'Content Outreach',
    message:
      'Hello, I am reaching out to ask if you accept guest posts on your blog. I can provide high quality, unique articles with one do-follow backlink. We are also happy to pay a fee for a sponsored post. Please let me know your price.',
  },
  {
    name: 'Mike Wilson',
    email: 'mikewilson@mailinator.com',
    phone: '0000000000',
    company: 'MW',
    message: 'Get 10,000 real visitors to your site today! https://bit.ly/3xTraffic',
  },
  {
    name: 'Kevin Lee',
    email: 'kevin@webdesignpros.biz',
    phone: '+1 (415) 555-0198',
    company: 'Web Design Pros',
    message:
      'Hi there, I was checking your website and found several errors that are hurting your conversions. I am a web designer with 10 years of experience and can redesign your site for just $499. Shall I send you my portfolio?',
  },
  {
    name: 'Crypto Invest',
    email: 'profit@yopmail.com',
    phone: '+44 7000 000000',
    company: 'Bitcoin Profit',
    message:
      'Earn 5000 dollars per week with our Bitcoin trading robot. No experience needed, 100% guaranteed. Register here: https://cutt.ly/btc-profit-uk',
  },
  {
    name: 'Sandra Miller',
    email: 'sandra.miller@leadsdataexpert.com',
    phone: '+1 646 555 0112',
    company: 'Leads Data Expert',
    message:
      'Hi, would you be interested in acquiring a B2B contact list of marketing decision-makers in the UK? We have 45,000 verified emails with names, titles and phone numbers. Let me know and I will share the counts and pricing. Reply "no" to opt out.',
  },
  {
    name: 'Robertbuh Robertbuh',
    email: 'robertbuh@sharklasers.com',
    phone: '85375628413',
    company: 'google',
    message:
      'Привет, хотел узнать ваши цены на продвижение сайта. Пишите в телеграм @seo_promo_bot',
  },
  {
    name: 'Jessica Brown',
    email: 'jessica.b.marketing@outlook.com',
    phone: '+1 213 555 0147',
    company: 'Digital Growth',
    message:
      'Hello, I found your site while browsing. We offer white label SEO and PPC services for agencies at low cost. Our dedicated team works in your time zone and you keep 100% of the margin. Can we set up a quick call this week?',
  },
  {
    name: 'Ahmed Raza',
    email: 'ahmed.appdev@gmail.com',
    phone: '+92 300 1234567',
    company: 'AppNest Solutions',
    message:
      'Dear Business Owner, we are a professional mobile app development company. We build Android and iOS apps at an hourly rate of $18. Our team of 40+ developers has delivered 500 projects. WhatsApp me on +92 300 1234567 for a quote.',
  },
  {
    name: 'Linda Carter',
    email: 'linda@guestpostnetwork.co',
    phone: '1 800 555 0123',
    company: 'Guest Post Network',
    message:
      'Hi, we are building links for our clients in the marketing niche and would love to publish a guest post on your site. We pay $150 per article with a dofollow link. Looking forward to working with you.',
  },
  {
    name: 'Jack',
    email: 'jack@tempr.email',
    phone: '123',
    company: 'x',
    message: 'https://tinyurl.com/2p8zv7k4',
  },
  {
    name: 'Mark Davis',
    email: 'mark.davis.seo@gmail.com',
    phone: '+1 917 555 0183',
    company: 'Rank Boost',
    message:
      'Hi, are you looking to get your business on page one of Google? We have helped over 1,000 businesses triple their traffic. Get a free audit today and see why our clients love us.',
  },
  {
    name: 'Sophia Lin',
    email: 'sophia.lin88@163.com',
    phone: '+86 138 0013 8000',
    company: '深圳市科技有限公司',
    message:
      '您好，我们是专业的网站建设和推广公司，提供优质的SEO服务，价格优惠，欢迎联系我们。微信：seo8888',
  },
  {
    name: 'Peter Johnson',
    email: 'peter@videoexplainers.net',
    phone: '+1 305 555 0168',
    company: 'Video Explainers',
    message:
      'Hi, I came across your website and think an animated explainer video would help you increase your sales. We create 60-second videos starting at $297. Can I send you some samples?',
  },
  {
    name: 'Olga Petrova',
    email: 'olga.petrova@mail.ru',
    phone: '+7 912 345 67 89',
    company: 'Olga',
    message:
      'Здравствуйте! Предлагаем размещение вашей рекламы в базе из 3 миллионов компаний. Рассылка по формам обратной связи. Цены от 1000 рублей. Подробности на сайте.',
  },
  {
    name: 'John Miller',
    email: 'john@rankhighdigital.com',
    phone: '+1 702 555 0139',
    company: 'Rank High Digital',
    message:
      'I have analysed your website and noticed it is not mobile optimized, which is costing you customers. We can fix this at an affordable price with a 100% money back guarantee. Please reply with your phone number for a free consultation.',
  },
  {
    name: 'Emily White',
    email: 'emily@backlinkshop.io',
    phone: '+1 512 555 0102',
    company: 'Backlink Shop',
    message:
      'Boost your domain authority with our premium backlinks package. DA 50+ sites, permanent links, fast delivery. Order here: https://backlinkshop.io/packages and https://backlinkshop.io/order',
  },
  {
    name: 'Daniel Brooks',
    email: 'dbrooks@10minutemail.com',
    phone: '07000000000',
    company: 'DB Marketing',
    message: 'Hi, want more leads? Reply YES and I will send you details.',
  },
  {
    name: 'Casino Online',
    email: 'bonus@luckyspin-casino.xyz',
    phone: '+356 2000 0000',
    company: 'Lucky Spin',
    message:
      'Claim your 200% welcome bonus at the UK’s favourite online casino! Free spins every day. Play now: https://luckyspin-casino.xyz/uk?ref=contact',
  },
  {
    name: 'Sara Williams',
    email: 'sara@appointmentsetters.net',
    phone: '+63 917 555 0100',
    company: 'Appointment Setters PH',
    message:
      'Hello, we provide offshore virtual assistants and appointment setters for agencies. Dedicated staff from $8 per hour. Would it make sense to have a quick chat about scaling your agency?',
  },
  {
    name: 'Vikram Singh',
    email: 'vikram.digital@gmail.com',
    phone: '+91 99887 76655',
    company: 'Digital Vikram',
    message:
      'Dear Sir/Madam, I am an SEO expert and I can bring your website to the top of Google. I also do social media marketing, logo design and website development. My prices are very cheap. Please contact me on WhatsApp +91 99887 76655.',
  },
  {
    name: 'Lucas Martin',
    email: 'lucas.martin@reviewboosters.com',
    phone: '+1 480 555 0177',
    company: 'Review Boosters',
    message:
      'Need more 5-star Google reviews? Our Google reviews service delivers real-looking reviews from local accounts. Packages start at $49. Visit https://reviewboosters.com today.',
  },
  {
    name: 'Grace Evans',
    email: 'grace.evans@contentwriters.pro',
    phone: '+1 206 555 0145',
    company: 'Content Writers Pro',
    message:
      'Hi, I was reading your blog and I think your readers would love an article on "10 Ways to Improve Your Local SEO in 2026". I would write it for free in exchange for a link to my client’s site. Let me know if you are open to a collaboration proposal.',
  },
  {
    name: 'Nina',
    email: 'nina@maildrop.cc',
    phone: '111111',
    company: 'nina',
    message: 'Hot singles in your area want to meet you tonight www.datingnow-uk.top/join',
  },
  {
    name: 'Thomas Anderson',
    email: 'thomas@webdevoffshore.com',
    phone: '+380 67 123 4567',
    company: 'WebDev Offshore',
    message:
      'Good day! We are a software development company from Ukraine. We provide dedicated developers for React, Node.js and Laravel at competitive hourly rates. Can I share our portfolio and rates with you?',
  },
  {
    name: 'Chris Taylor',
    email: 'chris.taylor.leads@gmail.com',
    phone: '+1 332 555 0190',
    company: 'LeadGen Masters',
    message:
      'Hi! I came across your agency and wanted to see if you are open to new clients. We run outbound campaigns that book 15-20 qualified meetings per month for marketing agencies. Guaranteed results or you do not pay. Worth a chat?',
  },
  {
    name: 'Jennifer Lopez',
    email: 'jen.lopez@loanapprove.biz',
    phone: '+1 888 555 0111',
    company: 'Fast Loans',
    message:
      'Business loans approved in 24 hours. No credit check. Up to $500,000. Apply now at https://loanapprove.biz',
  },
  {
    name: 'Ryan Cooper',
    email: 'ryan@socialfollowers.shop',
    phone: '+1 415 555 0156',
    company: 'Social Followers',
    message:
      'Buy Instagram followers and likes! Real and active accounts, instant delivery. 1000 followers for only $9.99. https://socialfollowers.shop',
  },
  {
    name: 'Ali Hassan',
    email: 'ali.hassan.web@gmail.com',
    phone: '+880 1711 000000',
    company: 'Web Solutions BD',
    message:
      'Hello sir, I have gone through your website and found some issues like slow speed, broken links and poor SEO. I am a freelance web developer and I can fix all issues at a low cost. Kindly reply so I can send you the full report.',
  },
  {
    name: 'Megan Scott',
    email: 'megan@podcastguests.co',
    phone: '+1 617 555 0134',
    company: 'Podcast Guests',
    message:
      'Hi, would you like to be a guest on a top-rated business podcast? We have spots available this month. There is a small production fee of $350. Let me know and I will send the details.',
  },
  {
    name: 'Kim Nguyen',
    email: 'kim@seo-vietnam.vn',
    phone: '+84 90 123 4567',
    company: 'SEO Vietnam',
    message:
      'Hi partner, we are a white-label digital agency. We do SEO, link building, content writing and web design for agencies in the UK and US. Our rates are 60% lower than local agencies. Shall I send you our price list?',
  },
  {
    name: 'Larry Page',
    email: 'larry@discard.email',
    phone: '12345678',
    company: 'Google',
    message: 'Your website has been flagged. Verify your listing here: https://goo.gl/maps-verify',
  },
  {
    name: 'Steve Parker',
    email: 'steve.parker@clickfunnel-pros.com',
    phone: '+1 954 555 0119',
    company: 'Funnel Pros',
    message:
      'Hey, quick question: are you happy with the number of leads your site generates? We build sales funnels that skyrocket sales for agencies. Book a free strategy session: https://calendly.com/funnelpros/free',
  },
  {
    name: 'Julia Roberts',
    email: 'julia.r@grr.la',
    phone: '9876543210',
    company: 'JR',
    message:
      'Great website! I really liked the design. By the way, check out my site for the best deals on sunglasses [url=https://cheap-sunglasses.shop]cheap sunglasses[/url]',
  },
  {
    name: 'Hiroshi Tanaka',
    email: 'tanaka@example-jp.jp',
    phone: '+81 3 1234 5678',
    company: 'Tanaka Trading',
    message:
      'こんにちは。弊社はウェブサイト制作とSEO対策を行っております。ぜひ一度ご相談ください。詳細はこちら https://bit.ly/tanaka-seo',
  },
  {
    name: 'Brian Clark',
    email: 'brian@domainrenewal-notice.com',
    phone: '+1 800 555 0150',
    company: 'Domain Services',
    message:
      'FINAL NOTICE: Your domain registration for search engine submission expires soon. Failure to renew will result in loss of online visibility. Renew now at https://domainrenewal-notice.com/renew',
  },
  {
    name: 'Michelle Adams',
    email: 'michelle.adams@virtualstaffing.co',
    phone: '+63 2 8555 0100',
    company: 'Virtual Staffing Co',
    message:
      'Hi there, I hope this finds you well. Our agency partners save up to 70% on staffing costs by hiring our offshore graphic designers, developers and SEO specialists. Would you be open to a 15 minute call?',
  },
  {
    name: 'David Kim',
    email: 'davidkim.nft@gmail.com',
    phone: '+1 310 555 0188',
    company: 'NFT Launchpad',
    message:
      'Exclusive offer: mint our new NFT collection before public sale and double your investment. Only 500 spots. Join our Telegram t.me/nftlaunchpadvip for the airdrop.',
  },
  {
    name: 'Raj Kumar',
    email: 'raj.kumar.seo@outlook.com',
    phone: '+91 70000 11111',
    company: 'SEO Services India',
    message:
      'Hello Website Owner, are you facing issues with your website ranking? We have checked your website and it needs a lot of work in SEO. We provide complete SEO services with guaranteed top 10 ranking. Please reply with your phone number.',
  },
  {
    name: 'Tom Harris',
    email: 'tom@harrisoutreach.com',
    phone: '+1 347 555 0104',
    company: 'Harris Outreach',
    message:
      'Hey, I manage a network of 300+ high DA blogs in marketing, tech and business. If you need backlinks for your clients, I can offer wholesale prices. Reply for the list.',
  },
  {
    name: 'Svetlana',
    email: 'svetlana1990@yandex.ru',
    phone: '89161234567',
    company: 'Svetlana',
    message:
      'Hello! I am Svetlana, I saw your profile and want to know you better. Write me to my email svetlana1990@yandex.ru',
  },
  {
    name: 'Paul Green',
    email: 'paul.green@ppcexperts.agency',
    phone: '+1 773 555 0161',
    company: 'PPC Experts',
    message:
      'Hi! Is your agency overwhelmed with client work? We are a white-label PPC management team. We manage Google Ads accounts for agencies and you rebrand our reports. Free trial for the first account!',
  },
  {
    name: 'Rita',
    email: 'rita@moakt.com',
    phone: '000',
    company: 'Rita',
    message: 'check this http://tiny.cc/xk9r2z http://tiny.cc/xk9r3a http://tiny.cc/xk9r4b',
  },
  {
    name: 'Andrew Wilson',
    email: 'andrew@logoexpress.net',
    phone: '+1 312 555 0176',
    company: 'Logo Express',
    message:
      'Need a new logo? We create professional logos in 24 hours for only $29. Unlimited revisions. Special discount this week only. Visit logoexpress.net/order',
  },
  {
    name: 'Maria Garcia',
    email: 'maria.garcia.seo@gmail.com',
    phone: '+34 600 000 000',
    company: 'Maria SEO',
    message:
      'Hi, I noticed that your website could rank higher on Google. I am an SEO specialist and I can help you get more organic traffic. I offer affordable monthly packages. Shall I send you a proposal?',
  },
  {
    name: 'Ivan Petrov',
    email: 'ivan.petrov@rambler.ru',
    phone: '+7 495 000 00 00',
    company: 'Ivan',
    message: 'Продвижение сайтов в ТОП Яндекса и Google. Гарантия результата. Звоните!',
  },
  {
    name: 'Samantha Lee',
    email: 'samantha@webaccessibility-compliance.com',
    phone: '+1 646 555 0193',
    company: 'ADA Compliance Team',
    message:
      'Your website may be at risk of an ADA lawsuit. We scanned your site and found accessibility issues. Get a free compliance report and fix everything for a one-time fee of $999. Reply to learn more.',
  },
  {
    name: 'Jason Wright',
    email: 'jason@ecommercegrowth.io',
    phone: '+1 512 555 0131',
    company: 'Ecommerce Growth',
    message:
      'Hi, we help agencies double their revenue with done-for-you Amazon and Shopify management. Our partners see a 3x ROI in 90 days. Can I send you a case study?',
  },
  {
    name: 'Lily Chen',
    email: 'lily.chen@chinafactory-direct.com',
    phone: '+86 755 8888 8888',
    company: 'Shenzhen Promo Gifts',
    message:
      'Dear Purchasing Manager, we are a manufacturer of promotional products: pens, USB drives, tote bags with your logo. Factory price, low MOQ, fast shipping. Please check our catalogue and send us your inquiry.',
  },
  {
    name: 'Kevin Moore',
    email: 'kevin.moore@throwawaymail.com',
    phone: '5551234567',
    company: 'KM',
    message: 'Hey I can get you 500 backlinks for $20, fast. Interested?',
  },
  {
    name: 'Natalie Young',
    email: 'natalie@influencerhub.co',
    phone: '+1 323 555 0127',
    company: 'Influencer Hub',
    message:
      'Hi, we connect brands with 10,000+ micro-influencers. Would your agency like to offer influencer campaigns to clients at partner rates? We would love to explore a partnership opportunity.',
  },
  {
    name: 'George Baker',
    email: 'george.baker@seocheckup.net',
    phone: '+1 702 555 0172',
    company: 'SEO Checkup',
    message:
      'I ran your website through our SEO tool and your score is 42/100. Your competitors are outranking you. We can fix this and get you to the top of Google in 60 days. Reply YES for a free report.',
  },
  {
    name: 'Amanda Hill',
    email: 'amanda@writeforus.blog',
    phone: '+1 415 555 0108',
    company: 'Write For Us',
    message:
      'Hello admin, we are looking for sites that accept sponsored articles. What is your fee for a guest post with a do-follow link? Do you also offer link insertions into existing articles?',
  },
  {
    name: 'Omar Farouk',
    email: 'omar.farouk.trading@gmail.com',
    phone: '+971 50 000 0000',
    company: 'Forex Signals VIP',
    message:
      'Make passive income with our forex signals. 95% accuracy. Join 20,000 traders in our VIP group on Telegram: @forexsignalsvip. First week free.',
  },
  {
    name: 'Karen Wright',
    email: 'karen.w@emailondeck.com',
    phone: '4444444444',
    company: 'KW',
    message: 'Please visit https://is.gd/Kr9vX2 for a special offer for your business',
  },
  {
    name: 'Brandon Scott',
    email: 'brandon@chatbotsforagencies.com',
    phone: '+1 646 555 0114',
    company: 'Chatbots for Agencies',
    message:
      'Hey there! Imagine a 24/7 AI chatbot on your website that turns visitors into booked calls. We set it up in 48 hours. Agencies using it increase their leads by 40%. Book a demo here https://chatbotsforagencies.com/demo',
  },
  {
    name: 'Fatima Zahra',
    email: 'fatima.z@designstudio.ma',
    phone: '+212 600 000000',
    company: 'Design Studio MA',
    message:
      'مرحبا، نحن شركة تصميم مواقع محترفة ونقدم خدمات تحسين محركات البحث بأسعار مناسبة. تواصل معنا الآن.',
  },
  {
    name: 'Jacob Turner',
    email: 'jacob@cryptowallet-recovery.net',
    phone: '+1 888 555 0199',
    company: 'Crypto Recovery',
    message:
      'Lost money to a crypto scam? Our experts recover stolen Bitcoin and USDT. 100% guaranteed recovery. Contact us on WhatsApp +1 888 555 0199.',
  },
  {
    name: 'Olivia Martinez',
    email: 'olivia@appointmentbooking.io',
    phone: '+1 305 555 0122',
    company: 'AppointmentBooking',
    message:
      'Hi, I was browsing your site and did not see an online booking option. Our booking widget increases conversions by 30%. Start your free trial now, no credit card needed: https://appointmentbooking.io/trial',
  },
  {
    name: 'Henry Adams',
    email: 'henry.adams@seoforagencies.net',
    phone: '+1 212 555 0189',
    company: 'SEO for Agencies',
    message:
      'Are you looking to outsource your SEO fulfilment? We are an experienced SEO team offering white label monthly packages from $199. High quality backlinks and on-page work. Reply and I will send our price list.',
  },
  {
    name: 'Zara Khan',
    email: 'zara.k@getnada.com',
    phone: '07123',
    company: 'ZK',
    message: 'Earn from home £300 a day, see www.easycash-home.site/uk',
  },
  {
    name: 'Victor Chen',
    email: 'victor@webscraping-services.com',
    phone: '+1 408 555 0166',
    company: 'Web Scraping Services',
    message:
      'We can extract email addresses and phone numbers of any business niche in the UK. Get a fresh leads database of 100,000 contacts for your cold email campaigns. Special discount for agencies this month.',
  },
  {
    name: 'Sophie Turner',
    email: 'sophie@rankmath-experts.com',
    phone: '+1 646 555 0155',
    company: 'Rank Experts',
    message:
      'Your site is missing out on traffic! We did a quick review and you could be on page 1 of Google for 50+ keywords. We are an award-winning SEO agency and we offer a free website audit. Interested?',
  },
  {
    name: 'Aleksandr',
    email: 'aleks@inboxkitten.com',
    phone: '+7 900 000 00 00',
    company: 'Aleks',
    message:
      'Хороший сайт, но можно лучше! Делаем сайты под ключ недорого. Пишите: https://t.me/aleks_web',
  },
  {
    name: 'Ethan Hughes',
    email: 'ethan@upworkstyle-freelancer.com',
    phone: '+1 917 555 0101',
    company: 'Freelance Dev',
    message:
      'Hi, I am a freelance WordPress developer with 8 years of experience. I can fix bugs, speed up your website and do custom development at $15/hour. Can I send you my work samples?',
  },
  {
    name: 'Monica Bell',
    email: 'monica.bell@mytemp.email',
    phone: '2222222222',
    company: 'MB',
    message: 'Click here to claim your prize https://rb.gy/4kx9pz',
  },
  {
    name: 'Rebecca Stone',
    email: 'rebecca@pressreleasedistribution.com',
    phone: '+1 202 555 0138',
    company: 'PR Distribution',
    message:
      'Get featured on Yahoo Finance, MarketWatch and 400+ news sites! Our press release distribution packages start at $149. Boost your rankings and authority today.',
  },
  {
    name: 'Arjun Mehta',
    email: 'arjun.mehta.it@gmail.com',
    phone: '+91 81234 56789',
    company: 'Mehta IT Services',
    message:
      'Greetings of the day! We are an IT company offering website design, mobile apps, SEO, SMO and PPC services at affordable rates. We have 12 years of experience and 300 happy clients. Kindly let me know if you need any services.',
  },
  {
    name: 'William Green',
    email: 'william.green@trashmail.com',
    phone: '555',
    company: 'WG',
    message: 'Hello. See attached offer. http://shorturl.at/abcJK',
  },
  {
    name: 'Tina Brooks',
    email: 'tina@voiceoverpros.net',
    phone: '+1 615 555 0149',
    company: 'Voiceover Pros',
    message:
      'Hi! Do your clients need professional voiceovers for their ads and videos? Our voice artists deliver in 24 hours from $79. Can I send you samples and our price list?',
  },
  {
    name: 'Gabriel Silva',
    email: 'gabriel.silva@dev-brasil.com.br',
    phone: '+55 11 90000 0000',
    company: 'Dev Brasil',
    message:
      'Hello, we are a software house from Brazil offering nearshore development. Our dedicated team can work with your agency on React, Vue and Shopify projects. Partnership proposal attached, can we schedule a call?',
  },
  {
    name: 'Rachel Adams',
    email: 'rachel@googlemybusiness-verify.com',
    phone: '+1 800 555 0177',
    company: 'GMB Verification Team',
    message:
      'URGENT: Your Google Business Profile will be suspended unless it is verified within 48 hours. Call us now to keep your listing active and stay on top of Google Maps.',
  },
  {
    name: 'Xu Wei',
    email: 'xuwei2026@qq.com',
    phone: '+86 21 0000 0000',
    company: 'Xu Wei',
    message: '专业代发外链，高权重网站，快速提升排名。联系QQ：123456',
  },
  {
    name: 'Lisa Morgan',
    email: 'lisa.morgan@copywriting-ai.com',
    phone: '+1 470 555 0191',
    company: 'AI Copy',
    message:
      'Hi, I was looking at your website and your copy could convert much better. Our AI copywriting service writes 100 blog posts a month for just $99. Start your free trial today.',
  },
  {
    name: 'Derek Hall',
    email: 'derek.hall@merchantservices-uk.net',
    phone: '+44 20 0000 0000',
    company: 'Merchant Services',
    message:
      'We can cut your card processing fees by up to 40%. Our clients save thousands every year. Get a free quote in 2 minutes, no obligation. If you are not interested, simply reply "remove".',
  },
  {
    name: 'Yuki Sato',
    email: 'yuki@fakeinbox.com',
    phone: '0',
    company: 'Y',
    message:
      'www.cheap-replica-watches.shop www.cheap-replica-bags.shop www.cheap-replica-shoes.shop',
  },
  {
    name: 'Patrick Young',
    email: 'patrick@agencyacquisitions.com',
    phone: '+1 214 555 0112',
    company: 'Agency Acquisitions',
    message:
      'Hi, have you thought about selling your agency? We have buyers looking for UK digital agencies with $1M+ revenue. Reply to book a confidential valuation call. Not interested? Reply stop.',
  },
  {
    name: 'Carla Diaz',
    email: 'carla.diaz@uxaudits.co',
    phone: '+1 786 555 0150',
    company: 'UX Audits',
    message:
      'Hi there, I came across your website and recorded a short video showing 3 quick fixes that could boost your conversions. Can I send it over? It is free, no strings attached.',
  },
  {
    name: 'Oscar Reed',
    email: 'oscar.reed@guerrillamail.com',
    phone: '07000 000000',
    company: 'OR',
    message: 'Cheap SEO services, best price, DM me on Telegram @cheapseo_uk',
  },
  {
    name: 'Natasha Romanoff',
    email: 'natasha.r@list.ru',
    phone: '+7 812 000 00 00',
    company: 'Natasha',
    message:
      'Добрый день! Мы предлагаем базы данных email адресов компаний Великобритании. Более 500 000 контактов. Актуальные данные, низкие цены.',
  },
  {
    name: 'Tyler Brooks',
    email: 'tyler@saasreseller.io',
    phone: '+1 628 555 0143',
    company: 'SaaS Reseller',
    message:
      'Agencies are earning $10k/month reselling our white-label marketing software under their own brand. No development needed. Want to see how? Book a demo at https://saasreseller.io/demo',
  },
  {
    name: 'Ben',
    email: 'ben_links@dispostable.com',
    phone: '1',
    company: 'Ben',
    message:
      '<a href="https://casino-bonus.top">best casino bonus</a> <a href="https://slots-free.top">free slots</a>',
  },
  {
    name: 'Hannah Price',
    email: 'hannah.price@directoriesuk.net',
    phone: '+44 161 000 0000',
    company: 'UK Business Directory',
    message:
      'Your business is not listed in our UK directory yet! Premium listings increase your visibility on Google and bring more traffic to your website. Special offer: 50% off this month. Claim your listing now.',
  },
  {
    name: 'Diego Ramos',
    email: 'diego.ramos.design@gmail.com',
    phone: '+52 55 0000 0000',
    company: 'Ramos Design',
    message:
      'Hello! I am a professional web designer and I specialize in Shopify and WordPress. I noticed your website could use a modern redesign. I offer high quality designs at affordable prices. Let me know if you would like to see my portfolio.',
  },
  {
    name: 'Sophie Adams',
    email: 'sophie@linkinsertions.com',
    phone: '+1 415 555 0187',
    company: 'Link Insertions',
    message:
      'Hi, I would like to buy a link insertion in one of your existing blog posts about marketing. Budget $80. Please let me know if that works.',
  },
  {
    name: 'Marcus Webb',
    email: 'marcus.webb@cashflowfunding.biz',
    phone: '+1 877 555 0166',
    company: 'Cashflow Funding',
    message:
      'Pre-approved: your business qualifies for up to $250,000 in working capital. No collateral needed. Funds in 24 hours. Apply here: https://cashflowfunding.biz/apply',
  },
  {
    name: 'Ahmed Qureshi',
    email: 'ahmed.q@mohmal.com',
    phone: '+92 321 0000000',
    company: 'AQ',
    message: 'I can do your SEO, 1st page of google guaranteed, cheap price, whatsapp me',
  },
  {
    name: 'Sarah Jenkins',
    email: 'sarah.jenkins@b2bleadsupply.com',
    phone: '+1 512 555 0173',
    company: 'B2B Lead Supply',
    message:
      'Hi, I have a list of 12,000 UK business owners who are actively looking for marketing services. Would you like a sample of 50 verified leads to test? If you are not interested, let me know and I will not contact you again.',
  },
  {
    name: 'Kenji Watanabe',
    email: 'kenji@tokyo-seo.jp',
    phone: '+81 90 0000 0000',
    company: 'Tokyo SEO',
    message:
      '御社のウェブサイトを拝見しました。SEO対策で検索順位を上げませんか？無料診断実施中です。',
  },
  {
    name: 'Ellie Moore',
    email: 'ellie.moore@mobileappreview.net',
    phone: '+1 408 555 0125',
    company: 'App Review',
    message:
      'Boost your app ranking with real app reviews and installs. Packages from $99. We also offer Trustpilot reviews package for businesses. Visit https://mobileappreview.net',
  },
  {
    name: 'Jordan Blake',
    email: 'jordan.blake@growthhack.agency',
    phone: '+1 646 555 0109',
    company: 'Growth Hack Agency',
    message:
      'Hey! Most agency websites lose 97% of their visitors. We install a proven lead magnet and email funnel that will triple your leads or your money back. Grab a free call: https://calendly.com/growthhack/15min',
  },
  {
    name: 'Nadia',
    email: 'nadia@yopmail.com',
    phone: '999',
    company: 'N',
    message: 'My photos here https://bit.ly/nadia-pics',
  },
  {
    name: 'Robert Fox',
    email: 'robert.fox@seoreseller.pro',
    phone: '+1 919 555 0158',
    company: 'SEO Reseller Pro',
    message:
      'Partner with us and offer SEO to your clients under your own brand! White label reports, dedicated account manager, and guaranteed rankings. Our agency partners make 60% margin. Reply to get our reseller price list.',
  },
  {
    name: 'Mila Kovač',
    email: 'mila.kovac@webagency.rs',
    phone: '+381 60 000 0000',
    company: 'WebAgency RS',
    message:
      'Hi! We are a team of 25 developers from Serbia. We offer outsourcing for agencies, fixed price or per hour, starting at $25. Would you like to see our portfolio?',
  },
  {
    name: 'Anthony Clark',
    email: 'anthony.clark@domain-broker.net',
    phone: '+1 305 555 0133',
    company: 'Domain Broker',
    message:
      'The domain elevatedigital.co is now available for purchase. It is a perfect match for your brand. Price: $2,500. Buy now before someone else does: https://domain-broker.net/elevatedigital',
  },
  {
    name: 'Jessica Parker',
    email: 'jessica.parker@essaywritinghelp.org',
    phone: '+1 646 555 0179',
    company: 'Essay Help',
    message:
      'Hello, we offer professional essay writing and assignment help for students. Would your blog be interested in publishing a sponsored article about our service? We pay well.',
  },
  {
    name: 'Felix',
    email: 'felix@sharklasers.com',
    phone: '12',
    company: 'Felix',
    message:
      'hi check my site http://www.felix-pharma.online/buy-cialis-online cheap cialis viagra',
  },
  {
    name: 'Laura Bennett',
    email: 'laura@podcasteditingpro.com',
    phone: '+1 503 555 0168',
    company: 'Podcast Editing Pro',
    message:
      'Hi there, I noticed your agency does not have a podcast yet. We launch and edit podcasts for agencies for a low monthly price. It is the best way to drive targeted traffic to your business. Would you like a free trial episode?',
  },
  {
    name: 'Sam Wilson',
    email: 'sam.wilson.seo@proton.me',
    phone: '+1 720 555 0103',
    company: 'Local SEO Pros',
    message:
      'Hello, we help local businesses get the #1 spot on Google Maps. Our clients see more calls within 30 days. We offer a free audit of your Google Business Profile. Interested?',
  },
  {
    name: 'Anonymous',
    email: 'test@test.com',
    phone: '0000000000',
    company: 'test',
    message: 'Hello, I would like to know more about your services. Please contact me.',
    honeypot: true,
  },
  {
    name: 'Jane Doe',
    email: 'jane.doe@gmail.com',
    phone: '07700 900000',
    company: 'Doe Ltd',
    message: 'We need a new website for our company, please send a quote.',
    honeypot: true,
  },
  {
    name: 'Marketing Team',
    email: 'info@marketingteam.biz',
    phone: '+1 800 555 0100',
    company: 'Marketing Team',
    message: 'Great site! We have a proposal that could benefit your business. Contact us.',
    honeypot: true,
  },
  {
    name: 'Mary Johnson',
    email: 'mary.johnson1987@hotmail.com',
    phone: '+1 212 555 0143',
    company: 'MJ Consulting',
    message:
      'Hi, I hope you are doing well. I wanted to reach out because I help agencies like yours get more clients through LinkedIn outreach. Would you be open to a quick 10 minute call next week?',
    honeypot: true,
  },
  {
    name: 'Leo Fischer',
    email: 'leo.fischer@web.de',
    phone: '+49 30 0000000',
    company: 'Fischer',
    message: 'I am interested in your services, what are your prices?',
    honeypot: true,
  },
  // Written after the signals were tuned, and measured before being added (decision 0019).
  {
    name: 'Alex Turner',
    email: 'alex@outreachlabs.io',
    phone: '+1 415 555 0111',
    company: 'outreachlabs',
    message:
      'Hi! Quick question, do you accept paid guest posts on your site? Looking to place 5 articles this month for our SaaS clients.',
  },
  {
    name: 'Priya N',
    email: 'priya.webdev@gmail.com',
    phone: '+91 98111 22233',
    company: 'gmail',
    message:
      'Hello, I am a web developer from India. I can build your website in WordPress or Shopify at a very reasonable cost. Please share your requirements.',
  },
  {
    name: 'John Smith',
    email: 'john.smith@temp-mail.org',
    phone: '0000',
    company: 'temp-mail',
    message: 'I would like to discuss a business opportunity with you. Please email me back.',
  },
  {
    name: 'Ekaterina',
    email: 'katya@yandex.ru',
    phone: '+7 901 000 00 00',
    company: 'yandex',
    message: 'Добрый день, интересует сотрудничество по SEO продвижению вашего сайта.',
  },
  {
    name: 'Best SEO',
    email: 'bestseo@seo-masters.online',
    phone: '123456',
    company: 'seo-masters',
    message:
      'We will rank your website on page 1 of Google guaranteed!! Visit seo-masters.online/uk now',
  },
  {
    name: 'Martin K',
    email: 'martin@apexleads.co',
    phone: '+1 646 555 0188',
    company: 'apexleads',
    message:
      'I have 30,000 verified emails of UK marketing directors, interested in buying? Reply for a sample.',
  },
  {
    name: 'Lucy',
    email: 'lucy@videoads.studio',
    phone: '+1 213 555 0166',
    company: 'videoads',
    message:
      'Hey, we make short video ads for TikTok and Reels for agencies. White label, from $99 per video. Want some samples?',
  },
  {
    name: 'Win Big',
    email: 'win@bet-uk.top',
    phone: '0',
    company: 'bet-uk',
    message: 'Free bets every weekend! Join now https://bit.ly/freebet-uk',
  },
  {
    name: 'Daniel R',
    email: 'daniel.r@gmail.com',
    phone: '+44 7000 111111',
    company: 'gmail',
    message:
      'Hi, your website loads slowly on mobile and is losing you customers. I can fix it in 48 hours. Interested?',
  },
  {
    name: 'Support',
    email: 'support@wordpress-security-alert.net',
    phone: '+1 800 555 0199',
    company: 'wordpress-security-alert',
    message:
      'Security alert: your WordPress site has vulnerabilities. Install our plugin now to avoid being hacked: https://wp-secure.site/install',
  },
  {
    name: 'Chen Li',
    email: 'chenli@126.com',
    phone: '+86 10 0000 0000',
    company: '126',
    message: '您好，我们提供网站外链和推广服务，价格便宜',
  },
  {
    name: 'Greg',
    email: 'greg@growthpartners.agency',
    phone: '+1 512 555 0122',
    company: 'growthpartners',
    message:
      'Would you be open to a quick 15 minute call about how we help agencies like yours add $20k in monthly recurring revenue?',
  },
]
