// The request categories and a lexicon classifier for German and English text.
//
// How a text is scored: every word is looked up in the lexicon of the text's language (and the
// shared one) as written, then by simple inflection stems ('Wohnungen' → wohnung, 'plumbers' →
// plumber), then as a German compound by its head, the last part ('Kfz-Versicherung' →
// versicherung, 'Autowerkstatt' → werkstatt), and only when the head says nothing by its first part
// ('Handyreparatur' → handy). Words left over get one typo of tolerance ('Klemptner'). Each hit adds
// its weight to its category; the highest sum wins, ties go by CATEGORY_PRECEDENCE.
//
// Rules between neighbouring categories (documented in docs/intake-eval.md):
// - Insurance wins: any insurance word outweighs the thing insured ('Kfz-Versicherung' → versicherung).
// - Gastronomie is food served as a service: catering, party service, buffet, restaurant, venue, cook,
//   waiting staff ('Catering für 50 Personen'); Essen is food as goods: delivery, groceries, bakery,
//   cake, pizza ('Pizza für 12 Leute liefern'). A service word outweighs a food word.
// - Handwerk is work on a building and its installations by a trade (heating, plumbing, electrics,
//   painting, roofing, floors); Elektronik is devices and household appliances; Dienstleistungen is
//   every other service (cleaning, moving, garden, care, tuition, legal, tax, photography, IT help).
// - A holiday named as a time ('vor dem Urlaub', 'before my holiday') is no trip and counts for nothing.
// - A home with a word of buying, renting or selling ('Haus zum Kauf', 'buy a flat') is real estate, and
//   outweighs moving ('umziehen und ein Haus kaufen').
import { findCars } from '../../../core/categories/car-brands.ts';
import { editDistance, fold, tokenize, type Lang, type Span } from '../../../core/text.ts';
import { CATEGORY_IDS, type CategoryId } from '../../../core/categories/category-ids.ts';
import { CATEGORY_LABELS, categoryLabel, isCategoryId } from '../../../core/categories/category-labels.ts';

export { CATEGORY_IDS, CATEGORY_LABELS, categoryLabel, isCategoryId, type CategoryId };

/** Tie-break order: the more specific need first. */
export const CATEGORY_PRECEDENCE: readonly CategoryId[] = [
  'versicherung',
  'gastronomie',
  'urlaub_reisen',
  'auto',
  'immobilien',
  'elektronik',
  'beauty',
  'handwerk',
  'essen',
  'dienstleistungen',
  'news',
];

// Extra names a category is chosen by in a dropdown or a form string ('Urlaub', 'Reisen', 'Travel').
const LABEL_ALIASES: ReadonlyMap<string, CategoryId> = new Map(
  Object.entries({
    urlaub: 'urlaub_reisen',
    reisen: 'urlaub_reisen',
    reise: 'urlaub_reisen',
    travel: 'urlaub_reisen',
    holiday: 'urlaub_reisen',
    holidays: 'urlaub_reisen',
    car: 'auto',
    cars: 'auto',
    food: 'essen',
    hospitality: 'gastronomie',
    catering: 'gastronomie',
    services: 'dienstleistungen',
    service: 'dienstleistungen',
    'real estate': 'immobilien',
    property: 'immobilien',
    electronics: 'elektronik',
    trades: 'handwerk',
    insurance: 'versicherung',
  } satisfies Record<string, CategoryId>),
);

/** A category from its id, its German or English label, or a common alias; null when unknown. */
export function categoryFromLabel(label: string): CategoryId | null {
  const key = fold(label)
    .replace(/[_\s]+/g, ' ')
    .trim();
  for (const id of CATEGORY_IDS) {
    if (fold(id).replace(/_/g, ' ') === key) return id;
    const { de, en } = CATEGORY_LABELS[id];
    if (fold(de) === key || fold(en) === key) return id;
  }
  return LABEL_ALIASES.get(key) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lexicon. Entries are 'term' (weight 2) or 'term=weight'; a term may be a phrase of several words.
// Terms are written as people write them; they are folded (ä→ae, ß→ss) when the index is built.
// German terms are base forms; inflected forms are found by stemming.

interface CategoryLexicon {
  de: string;
  en: string;
  /** Words of both languages. */
  both?: string;
}

const LEXICON: Record<CategoryId, CategoryLexicon> = {
  auto: {
    de: `auto=3, autos=3, pkw=3, kfz=3, wagen, gebrauchtwagen=4, neuwagen=4, jahreswagen=4, autohaus=3, autohändler=3, autowerkstatt=4,
      werkstatt=2, kfz-werkstatt=4, reifen=3, reifenwechsel=4, winterreifen=4, sommerreifen=4, allwetterreifen=4, felgen=3, tüv=3,
      hauptuntersuchung=3, inspektion=2, ölwechsel=3, bremsen=2, bremsbeläge=3, auspuff=3, getriebe=2, kupplung=2, motorschaden=4,
      zahnriemen=3, lackschaden=3, delle=2, beule=2, unfallwagen=3, unfallschaden=2, karosserie=3, abschleppen=3, abschleppdienst=3,
      leasing=2, autoleasing=4, kombi=2, limousine=2, cabrio=3, suv=3, kleinwagen=4, elektroauto=4, e-auto=4, hybrid=1, wohnmobil=3,
      wohnwagen=3, motorrad=3, transporter=2, anhänger=1, fahrzeug=3, zulassung=1, windschutzscheibe=3, steinschlag=2, kilometerstand=3,
      laufleistung=3, baujahr=2, erstzulassung=3, diesel=2, benziner=3, automatik=1, schaltgetriebe=3, ps=1, probefahrt=3, autokauf=4,
      scheinwerfer=2, stoßdämpfer=3, klimaservice=2, autoaufbereitung=3, autopflege=2, tachostand=3, gebraucht=1, verbrenner=3, kfz-zulassung=3,
      autoschlüssel=3, parkschaden=3, kotflügel=3, stoßstange=3, lichtmaschine=3, anlasser=2, kat=1, katalysator=2, vorführwagen=4`,
    en: `car=3, cars=3, used car=4, new car=4, vehicle=3, van=2, truck=2, tyres=3, tyre=3, tires=3, tire=3, flat tyre=4, flat tire=4,
      mechanic=3, garage=1, mot=3, oil change=3, brakes=2, brake pads=3, gearbox=3, clutch=2, windscreen=3, windshield=3, dent=2,
      bodywork=3, towing=3, tow truck=3, lease=1, leasing=2, convertible=3, hatchback=3, sedan=3, estate car=4, motorbike=3, motorcycle=3,
      campervan=3, motorhome=3, test drive=3, mileage=2, dealership=2, car dealer=4, scooter=1, electric car=4, hybrid=1, suv=3, diesel=2,
      petrol=2, automatic=1, exhaust=2, bumper=3, headlight=2, car service=4`,
  },
  versicherung: {
    de: `versicherung=6, versicherungen=6, versichern=6, versichert=3, haftpflicht=6, hausrat=5, kasko=6, teilkasko=6, vollkasko=6, police=4,
      versicherungsmakler=7, versicherungsvertreter=7, krankenkasse=5, zahnzusatz=6, berufsunfähigkeit=6, rechtsschutz=6, altersvorsorge=3,
      schadensmeldung=3, schadenfall=3, tarif=1, beitrag=1, selbstbeteiligung=4, versicherungsschutz=7, absichern=3, absicherung=3, riester=4, rürup=4, evb=6, evb-nummer=7, versicherungsbestätigung=7`,
    en: `insurance=6, insure=6, insured=3, insurer=6, liability=3, policy=2, coverage=3, cover=1, premium=1, deductible=4, excess=1, claim=1,
      broker=1, underwriter=5, life cover=5, no claims=4, evb=6`,
  },
  urlaub_reisen: {
    de: `urlaub=4, reise=4, reisen=4, verreisen=4, flug=4, flüge=4, fliegen=2, flugticket=4, hinflug=4, rückflug=4, hotel=3, unterkunft=2,
      ferienwohnung=5, ferienhaus=5, fewo=5, pauschalreise=5, last minute=3, all inclusive=4, all-inclusive=4, kreuzfahrt=4, rundreise=4,
      städtereise=5, städtetrip=5, wochenendtrip=4, kurzurlaub=5, strandurlaub=5, familienurlaub=5, skiurlaub=5, wellnessurlaub=5,
      flitterwochen=4, reisebüro=5, reiseveranstalter=5, mietwagen=2, ferien=2, sommerferien=1, herbstferien=1, osterferien=1, weihnachtsferien=1, schulferien=1, camping=2,
      campingplatz=3, übernachtung=3, übernachtungen=3, nächte=2, reisende=3, erwachsene=1, strand=2, meer=1, insel=1, hotelzimmer=4,
      doppelzimmer=3, einzelzimmer=3, halbpension=4, vollpension=4, frühbucher=4, flughafen=2, flughafentransfer=3, wellnesswochenende=4,
      trip=3, ausflug=2, gruppenreise=5, busreise=5, zugreise=4, bahnreise=4, kurztrip=4, badeurlaub=5,
      mallorca=3, malle=3, ibiza=3, teneriffa=3, gran canaria=3, fuerteventura=3, lanzarote=3, kanaren=3, kreta=3, rhodos=3, korfu=3,
      griechenland=3, türkei=3, antalya=3, spanien=3, italien=3, kroatien=3, portugal=3, frankreich=2, ägypten=3, hurghada=3, malediven=3,
      thailand=3, bali=3, dubai=3, new york=2, usa=1, ostsee=3, nordsee=3, sylt=3, rügen=3, usedom=3, alpen=2, toskana=3, gardasee=3,
      barcelona=2, lissabon=2, amsterdam=2, paris=2, london=2, prag=2, wien=2, kopenhagen=2, mexiko=2, kuba=3, dominikanische republik=3,
      karibik=3, österreich=2, schweiz=2, dänemark=2, norwegen=2, schweden=2, island=2, zypern=3, madeira=3, sardinien=3, sizilien=3`,
    en: `holiday=4, holidays=4, vacation=4, trip=3, travel=4, travelling=4, traveling=4, traveller=3, travellers=3, traveler=3, travelers=3,
      flight=4, flights=4, fly=1, hotel=3, accommodation=2, holiday home=5, holiday apartment=5, holiday flat=5, cottage=1, cruise=4,
      package holiday=5, city break=5, getaway=4, weekend getaway=5, honeymoon=4, beach=2, resort=3, round trip=3, airport transfer=3,
      all inclusive=4, all-inclusive=4, last minute=3, hotel room=4, double room=3, half board=4, full board=4, car hire=2, rental car=2,
      sightseeing=3, tour=2, adults=1, nights=2, easter holidays=1, summer holidays=1, school holidays=1, christmas holidays=1, half term=1,
      majorca=3, mallorca=3, ibiza=3, tenerife=3, canaries=3, canary islands=3, crete=3, greece=3, turkey=2, spain=3, italy=3,
      croatia=3, portugal=3, france=2, egypt=3, maldives=3, thailand=3, bali=3, dubai=3, new york=2, baltic sea=3, north sea=3, alps=2,
      tuscany=3, lake garda=3, barcelona=2, lisbon=2, amsterdam=2, paris=2, london=2, prague=2, vienna=2, copenhagen=2, caribbean=3,
      austria=2, switzerland=2, denmark=2, norway=2, sweden=2, iceland=2, cyprus=3, sardinia=3, sicily=3`,
  },
  immobilien: {
    de: `wohnung=3, wohnungen=3, mietwohnung=4, eigentumswohnung=5, haus=1, einfamilienhaus=2, reihenhaus=2, doppelhaushälfte=3,
      mehrfamilienhaus=2, immobilie=4, immobilien=4, grundstück=4, bauland=4, makler=2, immobilienmakler=5, maklerin=2, miete=2, mieten=1,
      vermieten=3, vermietung=2, kaltmiete=4, warmmiete=4, nebenkosten=1, nachmieter=4, untermieter=3, wg=2, wg-zimmer=4, zimmer=1,
      zimmerwohnung=4, apartment=2, loft=2, penthouse=3, baufinanzierung=3, gewerbefläche=4, bürofläche=4, büroraum=3, büro=1, lagerhalle=3,
      stellplatz=1, tiefgarage=1, quadratmeter=1, wohnfläche=3, besichtigung=2, exposé=3, kaution=2, hausverwaltung=2, eigenheim=3,
      altbau=2, neubau=2, erstbezug=3, balkon=1, dachgeschoss=2, verkaufen=1, wohnen=1, einziehen=1, mietvertrag=3, wohnraum=3,
      mietshaus=3, ferienimmobilie=3, bungalow=2, villa=2, hauskauf=4, wohnungssuche=4, wohnungskauf=4, immobilienbewertung=5, gutachter=1`,
    en: `flat=2, apartment=2, house=1, rent=2, renting=2, for rent=3, to rent=2, landlord=3, tenant=2, real estate=5, estate agent=5,
      realtor=5, letting agent=5, property=3, plot=1, bedroom=2, bedrooms=2, square metres=1, square meters=1, sell=1, mortgage=3, studio=1,
      condo=3, lease=1, deposit=1, viewing=2, home=0, buy a house=5, move in=1, office space=4, commercial space=4, shared flat=4, room=1`,
  },
  elektronik: {
    both: `laptop=4, notebook=3, computer=3, pc=3, macbook=4, imac=4, tablet=3, ipad=4, smartphone=4, iphone=4, samsung=2, huawei=2,
      xiaomi=2, display=3, monitor=3, tv=3, smart-tv=4, beamer=2, konsole=3, playstation=4, ps5=4, ps4=4, xbox=4, nintendo=3, router=3,
      wlan=2, wifi=2, ssd=3, usb=1, smartwatch=3, apple watch=3, gopro=3, airpods=3, hifi=2, soundbar=3, elektronik=4`,
    de: `rechner=2, handy=4, bildschirm=3, fernseher=4, drucker=3, scanner=2, kamera=2, spiegelreflexkamera=3, objektiv=1, kopfhörer=3,
      lautsprecher=2, stereoanlage=3, festplatte=3, grafikkarte=4, akku=2, ladekabel=3, netzteil=2, ladegerät=3, tastatur=2, maus=1,
      elektrogerät=3, haushaltsgerät=3, waschmaschine=4, trockner=3, wäschetrockner=4, spülmaschine=4, geschirrspüler=4, kühlschrank=4,
      gefrierschrank=4, gefriertruhe=4, backofen=2, mikrowelle=3, staubsauger=3, saugroboter=4, kaffeevollautomat=3, kaffeemaschine=2,
      drohne=2, datenrettung=4, handyreparatur=5, displaybruch=4, displaytausch=4, software=1, betriebssystem=2, fernbedienung=2,
      spielekonsole=4, ladebuchse=4, gehäuse=1, elektroschrott=2, e-reader=3, navi=2, navigationsgerät=3, herd=1, induktionskochfeld=2, plattenspieler=4, röhrenradio=4, radio=2, verstärker=3, videorekorder=4, receiver=3`,
    en: `phone=3, mobile phone=4, cell phone=4, screen=2, cracked screen=5, television=4, printer=3, console=3, games console=4,
      headphones=3, earbuds=3, speaker=2, speakers=2, charger=3, battery=1, hard drive=3, graphics card=4, keyboard=2, washing machine=4,
      dryer=3, tumble dryer=4, dishwasher=4, fridge=4, refrigerator=4, freezer=3, oven=1, microwave=3, vacuum cleaner=3, robot vacuum=4,
      coffee machine=2, electronics=4, gadget=2, device=2, data recovery=4, camera=2, drone=2, charging port=4, motherboard=4, turntable=4, record player=4, amplifier=3, radio=2`,
  },
  beauty: {
    both: `beauty=4, make-up=3, makeup=3, massage=2, wellness=2, waxing=3, tattoo=2, piercing=2, spa=1, botox=3, microblading=4, balayage=4,
      barber=4, barbershop=4, peeling=2, bleaching=4`,
    de: `friseur=5, frisör=5, friseurin=5, friseursalon=5, frisur=4, haare=3, haar=2, haarschnitt=4, haarfarbe=4, färben=2, strähnen=3,
      dauerwelle=4, hochsteckfrisur=5, brautfrisur=5, barbier=4, bart=2, bartpflege=3, kosmetik=4, kosmetikerin=5, kosmetikstudio=5,
      gesichtsbehandlung=4, nagelstudio=5, nägel=3, gelnägel=4, maniküre=4, pediküre=4, nageldesign=4, wimpern=3, wimpernverlängerung=5,
      augenbrauen=3, visagist=4, visagistin=4, schminken=3, haarentfernung=4, hautpflege=3, brautmakeup=5, typberatung=3, lashes=3,
      haarverlängerung=5, kosmetikbehandlung=5, fußpflege=3, sonnenstudio=3, friseurtermin=5, extensions=4, zahnaufhellung=5, zahnbleaching=5`,
    en: `hairdresser=5, hairdressers=5, hair salon=5, haircut=4, hair=2, hairstyle=4, highlights=1, nails=3, nail salon=5, manicure=4,
      pedicure=4, lashes=3, eyelashes=3, lash extensions=5, eyebrows=3, brows=3, make-up artist=5, makeup artist=5, facial=3,
      beautician=5, skincare=3, bridal hair=5, hair colour=4, hair color=4, hair removal=4, tanning=2, nail tech=5, nail technician=5, nail artist=5, gel nails=4,
      hair extensions=5, teeth whitening=5, tooth whitening=5, whitening=3`,
  },
  handwerk: {
    de: `handwerker=5, handwerk=5, klempner=5, sanitär=4, installateur=4, heizung=5, heizungsbauer=5, therme=4, gastherme=5,
      heizkörper=4, boiler=3, durchlauferhitzer=4, warmwasser=3, wasserrohr=4, rohr=2, rohrbruch=5, rohrreinigung=4, abfluss=4,
      verstopft=3, wasserhahn=4, armatur=3, toilette=2, wc=2, spülkasten=4, dusche=2, badewanne=3, bad=1, badezimmer=3, elektriker=5,
      elektrik=4, elektroinstallation=4, steckdose=4, steckdosen=4, sicherung=2, sicherungskasten=4, stromausfall=2, lichtschalter=4,
      leitung=1, kabel=1, maler=5, malerarbeiten=5, streichen=3, anstreichen=4, tapezieren=4, tapete=3, lackieren=1, fassade=3, putz=2,
      verputzen=4, trockenbau=4, rigips=4, estrich=4, fliesen=4, fliesenleger=5, tischler=5, schreiner=5, zimmerer=5, dachdecker=5, dach=3,
      dachrinne=4, dachfenster=3, undicht=2, leck=2, feuchtigkeit=2, schimmel=2, maurer=5, mauer=2, pflaster=2, pflasterarbeiten=4,
      terrasse=2, zaun=2, carport=3, schlosser=4, schlüsseldienst=5, tür=2, haustür=3, türschloss=3, fenster=2, rollladen=4, rolladen=4,
      jalousie=3, parkett=4, laminat=4, bodenbelag=4, teppichboden=3, küche=1, küchenmontage=4, einbauen=1, montieren=1, montage=1,
      renovierung=4, renovieren=4, sanierung=4, sanieren=4, badsanierung=5, umbau=2, ausbau=2, anbau=2, reparieren=1, kamin=3, ofen=1,
      schornstein=3, schornsteinfeger=4, wärmepumpe=4, solaranlage=4, photovoltaik=4, pv-anlage=4, klimaanlage=2, lüftung=2,
      wasserschaden=4, überschwemmung=3, hochwasser=2, keller=1, pumpe=2, heizungsnotdienst=6, sanitärnotdienst=6, rohrverstopfung=5, fußbodenheizung=5, heizkessel=5, gasheizung=5,
      ölheizung=5, wasserleitung=4, treppe=2, balkonsanierung=4, dachsanierung=5, wand=1, wände=1, decke=1, holzarbeiten=4,
      handwerksbetrieb=5, installation=2, anschließen=1, rohrreinigungsservice=4, glaser=5, dämmung=3, wärmedämmung=4, innenausbau=4,
      gartenzaun=3, wasserhähne=4, siphon=4, heizt=4, tropft=2, wallbox=5, ladestation=3, arbeitsplatte=3, dielen=3, dielenboden=4,
      fußboden=3, abschleifen=3`,
    en: `plumber=5, plumbing=5, electrician=5, electrical=3, wiring=4, socket=3, sockets=3, fuse=3, fuse box=4, heating=5, boiler=4,
      radiator=4, radiators=4, water heater=4, leak=3, leaking=3, leaky=3, pipe=3, pipes=3, burst pipe=5, drain=3, blocked drain=5,
      clogged=3, toilet=2, shower=2, faucet=4, tap=1, painter=4, painting=3, paint=3, walls=1, wall=1, decorator=4, wallpaper=3, plaster=3, plastering=4,
      drywall=4, tiles=3, tiler=5, tiling=4, carpenter=5, joiner=5, roofer=5, roof=3, gutter=3, gutters=3, bricklayer=5, masonry=4,
      locksmith=5, lock=1, door=2, window=1, shutters=3, flooring=4, laminate=4, parquet=4, kitchen fitting=4, renovation=4, renovate=4,
      refurbish=4, remodel=4, handyman=5, tradesman=5, tradesperson=5, builder=4, chimney=3, heat pump=4, solar panels=4, damp=2,
      mould=2, mold=2, fence=2, patio=2, bathroom=2, extension=2, loft conversion=5, insulation=3, installer=3, hot water=3, underfloor heating=5, flood=3, flooded=3, basement=1, pump=2, wallbox=5, ev charger=5, charging point=4, worktop=4, countertop=4,
      floorboards=4, floorboard=4, floor sanding=4`,
  },
  dienstleistungen: {
    both: `babysitter=5, dj=3, webdesign=4, catsitter=5, coaching=2, shuttle=2, taxi=2, it-support=4, it-service=4, logo=2`,
    de: `dienstleistung=4, dienstleister=4, reinigung=3, putzen=3, putzfrau=5, putzhilfe=5, putzkraft=5, reinigungskraft=5,
      haushaltshilfe=5, gebäudereinigung=5, fensterputzer=5, endreinigung=5, grundreinigung=5, teppichreinigung=4, polsterreinigung=4,
      umzug=5, umziehen=4, umzugshelfer=5, umzugsfirma=5, umzugsunternehmen=5, spedition=3, transport=2, kurier=3, entrümpelung=5,
      entrümpeln=5, haushaltsauflösung=5, sperrmüll=4, entsorgung=2, gartenarbeit=4, gärtner=4, rasenmähen=4, rasen mähen=4, hecke=2,
      heckenschnitt=4, baumfällung=4, baumpflege=4, winterdienst=4, hausmeister=4, hausmeisterservice=4, kinderbetreuung=4,
      tagesmutter=4, nachhilfe=5, nachhilfelehrer=5, sprachkurs=3, unterricht=2, lehrer=2, musikunterricht=4, klavierunterricht=4,
      gitarrenunterricht=4, fahrschule=3, fahrlehrer=3, pflege=2, pflegedienst=4, seniorenbetreuung=4, altenpflege=4, betreuung=2,
      hundesitter=5, gassi=4, gassigehen=4, tiersitter=5, tierbetreuung=4, hundetrainer=4, hundeschule=4, steuerberater=5,
      steuererklärung=5, steuer=3, steuern=1, buchhaltung=4, buchhalter=4, anwalt=5, rechtsanwalt=5, anwältin=5, notar=4, beratung=1, übersetzung=4,
      übersetzer=4, dolmetscher=4, fotograf=4, fotografin=4, fotoshooting=4, hochzeitsfotograf=5, videograf=4, webseite=2, website=2,
      homepage=2, programmierer=3, grafikdesign=3, texter=3, druckerei=2, personal trainer=4, änderungsschneiderei=4, schuhmacher=3,
      eventplanung=3, hochzeitsplaner=4, fahrdienst=4, chauffeur=3, zauberer=3, alleinunterhalter=3, computerhilfe=3, pc-hilfe=3,
      bewerbungsfoto=3, lebenslauf=2, reinigungsfirma=5, putzfirma=5, wohnungsreinigung=5, büroreinigung=5, fensterreinigung=5,
      treppenhausreinigung=5, umzugskartons=3, möbelpacker=4, möbeltransport=4, möbelaufbau=3, möbelmontage=3, möbel=2, aufbauen=1, aufbau=1, schlepper=2,
      sicherheitsdienst=4, security=3, detektiv=4, hochzeitsredner=4, trauredner=4, schneiderin=3, gutachten=1, dolmetschen=4,
      einkaufshilfe=4, begleitung=2, krankenfahrt=4, kinderbetreuerin=4, babysitten=5, putzen lassen=5,
      tragen=2, schleppen=3, hochtragen=4, runtertragen=4, tragehilfe=4, band=2, liveband=4, coverband=4, musiker=4, musikerin=4,
      sänger=3, sängerin=3, livemusik=4, live-musik=4, pianist=3, pianistin=3, garten=1, gartengestaltung=5, gartenplanung=4,
      gartenpflege=4, gartenbau=4, landschaftsbau=4, galabau=4, landschaftsgärtner=5`,
    en: `service=1, services=1, cleaning=4, cleaner=5, cleaners=5, cleaning lady=5, house cleaning=5, end of tenancy=5, deep clean=5,
      moving=3, movers=5, removal=4, removals=5, removal company=5, man with a van=5, courier=4, delivery=1, clearance=3, junk removal=5,
      house clearance=5, gardener=5, gardening=4, lawn=3, mow=3, mowing=3, hedge=2, tree surgeon=5, snow removal=4, babysitting=5,
      nanny=5, childcare=4, tutor=5, tutoring=5, lessons=2, teacher=2, driving school=4, driving lessons=4, carer=4, caregiver=4,
      dog walker=5, dog sitter=5, pet sitter=5, dog walking=5, tax advisor=5, tax adviser=5, tax return=5, accountant=5, bookkeeping=4,
      lawyer=5, solicitor=5, attorney=5, notary=4, translator=4, translation=4, interpreter=4, photographer=4, photo shoot=4,
      wedding photographer=5, videographer=4, web designer=4, website=2, web design=4, graphic design=3, personal trainer=4, tailor=4,
      alterations=3, wedding planner=4, event planner=4, chauffeur=3, magician=3, assemble furniture=4, furniture assembly=4, furniture=2, assemble=2, assembly=1,
      flat pack=3, help moving=5, pick up=1, cv=2, security guard=4, private investigator=4, music lessons=4, piano lessons=4,
      guitar lessons=4, nursing=3, elderly care=4, home care=4, window cleaning=5, office cleaning=5, carry=2, heavy lifting=4,
      band=2, live band=4, live music=4, musician=4, singer=3, pianist=3, string quartet=4, landscaping=5, landscaper=5,
      garden design=5, garden=1`,
  },
  essen: {
    both: `pizza=3, sushi=3, burger=2, pasta=2, vegan=1, halal=2, meal prep=4, brunch=1, bowl=1, kebab=3, falafel=3, gyros=3, shawarma=3,
      dürüm=3`,
    de: `essen=2, lebensmittel=4, einkauf=1, einkaufen=1, lieferdienst=4, lieferservice=3, essenslieferung=4, bestellen=1, döner=3,
      kuchen=3, torte=4, hochzeitstorte=4, geburtstagstorte=4, backen=2, bäcker=3, bäckerei=3, brötchen=3, metzger=3, metzgerei=3,
      fleisch=2, wurst=2, gemüse=2, obst=2, biokiste=4, gemüsekiste=4, kochbox=4, mittagessen=3, abendessen=3, frühstück=2, getränke=1,
      wein=2, bier=1, kaffee=1, spezialitäten=2, vegetarisch=1, glutenfrei=2, essen auf rädern=5, lieferung=0, mahlzeit=3, mahlzeiten=3,
      snacks=2, süßigkeiten=3, pralinen=3, käse=2, honig=2, eier=2, bio=1, regional=1, hofladen=3, wochenmarkt=3, gericht=1,
      kochen=1, essenslieferant=4, cupcakes=3, muffins=3, plätzchen=3, kekse=3, lasagne=3, curry=2, spätzle=3, schnitzel=2`,
    en: `food=3, groceries=4, grocery=4, meal=3, meals=3, lunch=3, dinner=2, breakfast=2, cake=3, cakes=3, birthday cake=4,
      wedding cake=4, bakery=3, baker=3, butcher=3, meat=2, vegetables=2, veg box=4, fruit=1, takeaway=4, take-away=4, takeout=4,
      food delivery=5, deliver food=5, wine=2, snacks=2, cookies=3, cupcakes=3, curry=2, cheese=2, eggs=1, organic=1, farm shop=3,
      homemade=1, cook for=2`,
  },
  gastronomie: {
    both: `catering=5, caterer=5, buffet=3, fingerfood=4, bistro=2, foodtruck=4, food truck=4, barkeeper=5, gastro=4, gastronomie=5`,
    de: `partyservice=5, bankett=4, restaurant=3, gaststätte=4, wirtshaus=4, lokal=2, kneipe=3, bar=1, café=2, cafe=2, imbiss=2,
      eventlocation=4, location=2, festsaal=4, saal=2, veranstaltungsraum=4, tisch reservieren=4, reservierung=2, tischreservierung=4,
      koch=3, köchin=3, privatkoch=5, mietkoch=5, kellner=5, kellnerin=5, servicekraft=4, servicepersonal=4, hochzeitsfeier=2, feier=1,
      party=1, geburtstagsfeier=1, firmenfeier=2, weihnachtsfeier=2, betriebsfeier=2, grillmeister=4, grillbuffet=5, personen=1, gäste=1,
      spanferkel=3, mittagstisch=3, kantine=3, firmenessen=3, gastronom=4, küchenhilfe=3, hochzeitsessen=3, menü=2, flying buffet=5,
      bewirtung=5, verpflegung=3, bewirten=5, sektempfang=4, candle-light-dinner=3, cocktailbar=4, weinprobe=3, kochkurs=3`,
    en: `restaurant=3, table for=3, reservation=2, book a table=4, chef=3, private chef=5, waiter=5, waitress=5, waiting staff=5,
      bartender=5, bar staff=5, event venue=4, venue=3, banquet=4, finger food=4, party=1, wedding reception=3, guests=1, hospitality=4,
      canapés=4, canapes=4, drinks reception=3, dinner party=2, bbq=2, barbecue=2, pub=2, cafe=2, café=2, serving staff=5, function room=4,
      cooking class=3, cookery course=3`,
  },
  news: {
    both: `news=4, newsletter=3, podcast=1, blog=1`,
    de: `nachrichten=3, neuigkeiten=3, zeitung=4, tageszeitung=4, zeitungsabo=5, abo=1, abonnement=1, zeitschrift=3, magazin=2, presse=3,
      pressemitteilung=5, journalist=4, journalistin=4, reporter=3, redaktion=4, artikel=2, bericht=1, lokalnachrichten=5, schlagzeilen=3,
      pressebericht=4, medien=1, pressearbeit=4, redakteur=4, nachrichtendienst=4, lokalzeitung=5, fachzeitschrift=4`,
    en: `newspaper=4, magazine=2, press=2, press release=5, journalist=4, reporter=3, editor=1, article=2, subscription=1, headlines=3,
      breaking news=5, local news=5, newsroom=4, media coverage=4`,
  },
};

// Heads of compounds that say nothing about the category: then the first part decides ('Handyreparatur').
const NEUTRAL_HEADS = new Set(
  'reparatur reparaturen service notdienst problem probleme hilfe suche angebot angebote termin wechsel tausch austausch kauf verkauf defekt schaden arbeiten arbeit firma betrieb kosten preis hersteller laden shop'
    .split(' ')
    .map(fold),
);

// Words a lexicon must never match in the other language's sense.
const ENGLISH_FALSE_FRIENDS = new Set(['bad', 'handy', 'rock', 'art', 'kind', 'gift']);

interface Entry {
  category: CategoryId;
  weight: number;
}

interface LangIndex {
  words: Map<string, Entry[]>;
  phrases: { words: string[]; entries: Entry[] }[];
  /** Single words of 7+ letters, for the one-typo match. */
  fuzzy: string[];
}

let indexes: Partial<Record<Lang, LangIndex>> = {};

function buildIndex(lang: Lang): LangIndex {
  const words = new Map<string, Entry[]>();
  const phrases = new Map<string, Entry[]>();
  const add = (map: Map<string, Entry[]>, key: string, entry: Entry) => {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    const same = list.find((e) => e.category === entry.category);
    if (same) same.weight = Math.max(same.weight, entry.weight);
    else list.push(entry);
  };
  for (const id of CATEGORY_IDS) {
    const lex = LEXICON[id];
    const source = [lex.both ?? '', lang === 'de' ? lex.de : lex.en].join(',');
    for (const raw of source.split(',')) {
      const item = raw.trim();
      if (!item) continue;
      const eq = item.lastIndexOf('=');
      const term = eq > 0 ? item.slice(0, eq).trim() : item;
      const weight = eq > 0 ? Number(item.slice(eq + 1)) : 2;
      if (weight === 0) continue;
      const norms = tokenize(term).map((t) => t.norm);
      const entry = { category: id, weight };
      if (norms.length === 1 && !term.includes(' ')) add(words, norms[0]!, entry);
      else add(phrases, norms.join(' '), entry);
      // 'Kfz-Werkstatt' is also written 'Kfzwerkstatt'.
      if (norms.length === 1 && norms[0]!.includes('-')) add(words, norms[0]!.replace(/-/g, ''), entry);
    }
  }
  return {
    words,
    phrases: [...phrases].map(([k, entries]) => ({ words: k.split(' '), entries })).sort((a, b) => b.words.length - a.words.length),
    fuzzy: [...words.keys()].filter((w) => w.length >= 7 && !w.includes('-')),
  };
}

function langIndex(lang: Lang): LangIndex {
  return (indexes[lang] ??= buildIndex(lang));
}

const DE_SUFFIXES = ['innen', 'ern', 'en', 'er', 'es', 'em', 'e', 'n', 's', 'in'];
const EN_SUFFIXES = ["'s", 'ies', 'es', 's', 'ing', 'ed'];

function stems(word: string, lang: Lang): string[] {
  const out = [word];
  for (const suf of lang === 'de' ? DE_SUFFIXES : EN_SUFFIXES) {
    if (word.length - suf.length >= 3 && word.endsWith(suf)) {
      const stem = word.slice(0, -suf.length);
      out.push(stem);
      if (suf === 'ies') out.push(stem + 'y');
      if (suf === 'ing' || suf === 'ed') out.push(stem + 'e');
    }
  }
  return out;
}

function lookup(idx: LangIndex, word: string, lang: Lang): Entry[] | undefined {
  for (const s of stems(word, lang)) {
    const hit = idx.words.get(s);
    if (hit) return hit;
  }
  return undefined;
}

export interface CategoryHit {
  category: CategoryId;
  weight: number;
  /** The word or phrase as written. */
  text: string;
  how: 'word' | 'phrase' | 'compound' | 'modifier' | 'typo' | 'car' | 'deal';
}

export interface CategoryResult {
  category: CategoryId | null;
  /** Score of the winner divided by the sum of all scores (0..1); 0 when nothing matched. */
  confidence: number;
  scores: Partial<Record<CategoryId, number>>;
  hits: CategoryHit[];
}

function matchCompound(idx: LangIndex, word: string, lang: Lang): { entries: Entry[]; how: 'compound' | 'modifier' } | null {
  const parts = word.split('-').filter(Boolean);
  const joined = parts.join('');
  // Head: the longest known word the compound ends with.
  let head: Entry[] | undefined;
  let headStart = -1;
  if (parts.length > 1) {
    const last = parts[parts.length - 1]!;
    head = lookup(idx, last, lang);
    if (head || NEUTRAL_HEADS.has(last)) headStart = joined.length - last.length;
  }
  if (!head && headStart < 0) {
    for (let i = 2; i <= joined.length - 4; i++) {
      const tail = joined.slice(i);
      const hit = lookup(idx, tail, lang);
      if (hit) {
        head = hit;
        headStart = i;
        break;
      }
      if (NEUTRAL_HEADS.has(tail) || stems(tail, lang).some((s) => NEUTRAL_HEADS.has(s))) {
        headStart = i;
        break;
      }
    }
  }
  if (head) return { entries: head, how: 'compound' };
  // Modifier: the longest known word the compound starts with, when the head is neutral or unknown.
  const end = headStart > 0 ? headStart : joined.length - 3;
  for (let i = Math.min(end, joined.length - 1); i >= 3; i--) {
    const first = joined.slice(0, i);
    const hit = idx.words.get(first) ?? (first.endsWith('s') ? idx.words.get(first.slice(0, -1)) : undefined);
    if (hit) return { entries: hit.map((e) => ({ category: e.category, weight: Math.max(1, e.weight - 1) })), how: 'modifier' };
  }
  return null;
}

function matchTypo(idx: LangIndex, word: string): Entry[] | null {
  if (word.length < 7) return null;
  let best: string | null = null;
  for (const cand of idx.fuzzy) {
    if (Math.abs(cand.length - word.length) > 1 || cand[0] !== word[0]) continue;
    if (editDistance(word, cand, 1) <= 1) {
      best = cand;
      break;
    }
  }
  if (!best) return null;
  return idx.words.get(best)!.map((e) => ({ category: e.category, weight: Math.max(1, e.weight - 1) }));
}

// A holiday named as a time: 'vor dem Urlaub', 'nach unserem Skiurlaub', 'before my holiday', 'after the holidays'.
const HOLIDAY_AS_TIME_WORD = /urlaub|ferien|holiday|vacation|honeymoon|flitterwochen/;
const TIME_BEFORE =
  /(?:^|[^a-z])(?:before|after|until|till|during|vor|nach|bis zu|waehrend)\s+(?:my|our|the|your|his|her|their|dem|den|der|des|meinem|meinen|meiner|meines|unserem|unseren|unserer|unseres|zum|zur)\s*$/;

function dropHolidaysAsTime(text: string, hits: CategoryHit[]): void {
  for (const h of hits) {
    if (h.category !== 'urlaub_reisen' || !HOLIDAY_AS_TIME_WORD.test(fold(h.text))) continue;
    for (let at = text.indexOf(h.text); at >= 0; at = text.indexOf(h.text, at + 1)) {
      if (TIME_BEFORE.test(fold(text.slice(Math.max(0, at - 30), at)))) h.weight = 0;
    }
  }
}

// A home and a word of buying, renting or selling at most four words apart ('Haus zum Kauf', 'Wohnung in Leipzig
// mieten', 'buy a house'); 'Transporter mieten für den Umzug in die neue Wohnung' is too far apart to count.
const PROPERTY = new Set(
  'haus haeuser wohnung wohnungen eigentumswohnung grundstueck immobilie immobilien house houses flat flats apartment apartments property plot home'.split(' '),
);
const DEAL = new Set('kauf kaufen verkauf verkaufen miete mieten vermieten buy buying purchase sell selling sale rent renting'.split(' '));

function dealNearHome(tokens: readonly { text: string; norm: string }[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    if (!DEAL.has(tokens[i]!.norm)) continue;
    for (let k = Math.max(0, i - 4); k <= Math.min(tokens.length - 1, i + 4); k++) if (PROPERTY.has(tokens[k]!.norm)) return tokens[i]!.text;
  }
  return null;
}

export interface ClassifyOptions {
  lang: Lang;
  /** Spans to ignore, e.g. a place already read as the location ('in Essen'). */
  ignore?: readonly Span[];
}

export function classifyCategory(text: string, options: ClassifyOptions): CategoryResult {
  const primary = classifyWith(text, options.lang, options.ignore ?? []);
  if (primary.category) return primary;
  // Mixed-language writers: fall back to the other language's words.
  const other = classifyWith(text, options.lang === 'de' ? 'en' : 'de', options.ignore ?? []);
  return other.category ? other : primary;
}

function classifyWith(text: string, lang: Lang, ignore: readonly Span[]): CategoryResult {
  const idx = langIndex(lang);
  const tokens = tokenize(text).filter((t) => !ignore.some((s) => t.start < s.end && t.end > s.start));
  const hits: CategoryHit[] = [];
  const used = new Set<number>();
  const norms = tokens.map((t) => t.norm);
  // Phrases first ('used car', 'real estate'), longest first.
  for (let i = 0; i < tokens.length; i++) {
    for (const p of idx.phrases) {
      if (i + p.words.length > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < p.words.length; k++) {
        const w = norms[i + k]!;
        const want = p.words[k]!;
        if (w !== want && !(k === p.words.length - 1 && stems(w, lang).includes(want))) {
          ok = false;
          break;
        }
      }
      if (!ok || [...Array(p.words.length).keys()].some((k) => used.has(i + k))) continue;
      for (let k = 0; k < p.words.length; k++) used.add(i + k);
      const phraseText = text.slice(tokens[i]!.start, tokens[i + p.words.length - 1]!.end);
      for (const e of p.entries) hits.push({ category: e.category, weight: e.weight, text: phraseText, how: 'phrase' });
    }
  }
  for (const car of findCars(text)) {
    if (ignore.some((s) => car.start < s.end && car.end > s.start)) continue;
    hits.push({ category: 'auto', weight: 3, text: text.slice(car.start, car.end), how: 'car' });
    tokens.forEach((t, i) => {
      if (t.start >= car.start && t.end <= car.end) used.add(i);
    });
  }
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i)) continue;
    const tok = tokens[i]!;
    const w = tok.norm;
    // No German word is longer than 40 letters; longer runs are noise and would make compound splitting quadratic.
    if (/^\d+$/.test(w) || w.length < 2 || w.length > 40) continue;
    if (lang === 'en' && ENGLISH_FALSE_FRIENDS.has(w)) continue;
    const direct = lookup(idx, w, lang) ?? (w.includes('-') ? idx.words.get(w.replace(/-/g, '')) : undefined);
    if (direct) {
      for (const e of direct) hits.push({ category: e.category, weight: e.weight, text: tok.text, how: 'word' });
      continue;
    }
    if (w.length >= 6 || w.includes('-')) {
      const comp = matchCompound(idx, w, lang);
      if (comp) {
        for (const e of comp.entries) hits.push({ category: e.category, weight: e.weight, text: tok.text, how: comp.how });
        continue;
      }
    }
    const typo = matchTypo(idx, w);
    if (typo) for (const e of typo) hits.push({ category: e.category, weight: e.weight, text: tok.text, how: 'typo' });
  }
  dropHolidaysAsTime(text, hits);
  const deal = dealNearHome(tokens);
  if (deal) hits.push({ category: 'immobilien', weight: 4, text: deal, how: 'deal' });
  const scores: Partial<Record<CategoryId, number>> = {};
  for (const h of hits) scores[h.category] = (scores[h.category] ?? 0) + h.weight;
  let best: CategoryId | null = null;
  // Insurance wins: a real insurance word (not 'Tarif') decides, whatever is insured.
  if (hits.some((h) => h.category === 'versicherung' && h.weight >= 4)) best = 'versicherung';
  else
    for (const id of CATEGORY_PRECEDENCE) {
      const s = scores[id] ?? 0;
      if (s > 0 && (best === null || s > (scores[best] ?? 0))) best = id;
    }
  const total = Object.values(scores).reduce((a, b) => a + (b ?? 0), 0);
  return { category: best, confidence: best ? (scores[best] ?? 0) / total : 0, scores, hits };
}
