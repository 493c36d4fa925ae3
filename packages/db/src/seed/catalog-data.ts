/** Schools and programs for a new installation; dates are placed relative to the seed day. */
export const SCHOOLS = [
  { slug: 'lincoln-elementary', name: 'Lincoln Elementary School', address: '1250 Oak Street', city: 'San Francisco, CA' },
  { slug: 'rosewood-academy', name: 'Rosewood Academy', address: '88 Rosewood Drive', city: 'Oakland, CA' },
  { slug: 'hillcrest-middle', name: 'Hillcrest Middle School', address: '400 Hillcrest Avenue', city: 'Daly City, CA' },
  { slug: 'bayview-montessori', name: 'Bayview Montessori', address: '17 Harbor Road', city: 'San Francisco, CA' },
  { slug: 'sunset-primary', name: 'Sunset Primary School', address: '2301 Judah Street', city: 'San Francisco, CA' },
  { slug: 'maple-grove-elementary', name: 'Maple Grove Elementary', address: '910 Maple Grove Lane', city: 'San Mateo, CA' },
];

export interface SeedProgram {
  slug: string;
  title: string;
  sport: string;
  summary: string;
  description: string;
  classType: 'enrichment' | 'after_school';
  locationType: 'at_my_school' | 'public_class';
  schoolSlug?: string;
  venueName?: string;
  venueAddress?: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  /** Weeks from the seed day to the first session, and how many weeks it runs. */
  startsInWeeks: number;
  weeks: number;
  minGrade?: number;
  maxGrade?: number;
  minAge?: number;
  maxAge?: number;
  capacity: number;
  priceCents: number;
  coveredByMembership: boolean;
  activities: [string, string][];
}

export const PROGRAMS: SeedProgram[] = [
  {
    slug: 'lincoln-soccer-stars', title: 'Soccer Stars', sport: 'Soccer',
    summary: 'Dribbling, passing and small-sided games for young players.',
    description: 'Soccer Stars builds footwork, teamwork and confidence through short drills and lots of small-sided games. Every child touches the ball hundreds of times a session.\n\n**Bring:** sneakers or cleats, shin guards and a water bottle.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'lincoln-elementary',
    weekdays: [1, 3], startTime: '15:15', endTime: '16:15', startsInWeeks: 1, weeks: 10, minGrade: 0, maxGrade: 3, capacity: 16, priceCents: 24900, coveredByMembership: true,
    activities: [['Ball mastery', 'Toe taps, sole rolls and dribbling gates.'], ['Passing pairs', 'Inside-foot passing and first touch.'], ['Shooting', 'Striking with the laces, aiming low corners.'], ['Match day', '3v3 mini tournament with rotating teams.']],
  },
  {
    slug: 'lincoln-junior-coders', title: 'Junior Coders', sport: 'Coding',
    summary: 'Block-based coding, games and robots for curious minds.',
    description: 'Children design their own games and animations with block-based coding, then program small robots to solve mazes. No experience needed.',
    classType: 'enrichment', locationType: 'at_my_school', schoolSlug: 'lincoln-elementary',
    weekdays: [2], startTime: '15:15', endTime: '16:30', startsInWeeks: 2, weeks: 8, minGrade: 2, maxGrade: 5, capacity: 12, priceCents: 29900, coveredByMembership: false,
    activities: [['Sequences', 'Giving instructions in order; our first animation.'], ['Loops', 'Repeating patterns to draw shapes.'], ['Events', 'Making characters react to keys and clicks.'], ['Robot maze', 'Programming a robot through a maze.']],
  },
  {
    slug: 'rosewood-basketball-fundamentals', title: 'Basketball Fundamentals', sport: 'Basketball',
    summary: 'Dribbling, shooting form and team play on the court.',
    description: 'A structured introduction to basketball: ball handling, shooting form, defence and simple plays, finishing each session with a scrimmage.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'rosewood-academy',
    weekdays: [2, 4], startTime: '15:30', endTime: '16:45', startsInWeeks: 1, weeks: 10, minGrade: 3, maxGrade: 6, capacity: 14, priceCents: 27900, coveredByMembership: true,
    activities: [['Handles', 'Stationary and moving dribbles with both hands.'], ['Shooting form', 'BEEF: balance, eyes, elbow, follow-through.'], ['Defence', 'Stance, slides and closing out.'], ['Scrimmage', 'Five-on-five with coach feedback.']],
  },
  {
    slug: 'rosewood-chess-club', title: 'Chess Club', sport: 'Chess',
    summary: 'Openings, tactics and friendly tournaments.',
    description: 'From how the pieces move to forks, pins and checkmate patterns. Children play rated games every week and finish with a club tournament.',
    classType: 'enrichment', locationType: 'at_my_school', schoolSlug: 'rosewood-academy',
    weekdays: [5], startTime: '15:00', endTime: '16:00', startsInWeeks: 1, weeks: 10, minGrade: 1, maxGrade: 8, capacity: 20, priceCents: 19900, coveredByMembership: true,
    activities: [['The pieces', 'How every piece moves and captures.'], ['Checkmate patterns', 'Back-rank and two-rook mates.'], ['Tactics', 'Forks, pins and skewers.'], ['Tournament', 'Swiss-system club tournament.']],
  },
  {
    slug: 'hillcrest-volleyball', title: 'Volleyball Skills', sport: 'Volleyball',
    summary: 'Serving, passing and setting for middle schoolers.',
    description: 'Players learn the platform pass, overhead set and underhand and overhand serves, then put them together in rotation games.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'hillcrest-middle',
    weekdays: [1, 4], startTime: '15:45', endTime: '17:00', startsInWeeks: 2, weeks: 8, minGrade: 6, maxGrade: 8, capacity: 18, priceCents: 25900, coveredByMembership: true,
    activities: [['Passing', 'Platform passing to a target.'], ['Setting', 'Hand shape and footwork.'], ['Serving', 'Underhand to overhand serve.'], ['Rotation games', 'Six-a-side with rotations.']],
  },
  {
    slug: 'bayview-little-movers', title: 'Little Movers', sport: 'Multi-sport',
    summary: 'Running, jumping, throwing and catching through games.',
    description: 'A playful multi-sport class for the youngest athletes. Each session mixes balance, coordination and ball skills with games children ask to play again.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'bayview-montessori',
    weekdays: [3], startTime: '14:45', endTime: '15:30', startsInWeeks: 1, weeks: 10, minAge: 4, maxAge: 6, capacity: 12, priceCents: 18900, coveredByMembership: true,
    activities: [['Balance', 'Beam walks and freeze games.'], ['Throw and catch', 'Bean bags and soft balls.'], ['Jumping', 'Hops, leaps and landing safely.'], ['Parachute day', 'Team games with the big parachute.']],
  },
  {
    slug: 'sunset-art-lab', title: 'Art Lab', sport: 'Art',
    summary: 'Painting, clay and mixed media projects to take home.',
    description: 'Each week a new medium: watercolour, clay, printmaking and collage. Children finish with a small exhibition for families.',
    classType: 'enrichment', locationType: 'at_my_school', schoolSlug: 'sunset-primary',
    weekdays: [4], startTime: '15:00', endTime: '16:15', startsInWeeks: 1, weeks: 8, minGrade: 0, maxGrade: 5, capacity: 14, priceCents: 22900, coveredByMembership: false,
    activities: [['Watercolour', 'Wet-on-wet skies and landscapes.'], ['Clay', 'Pinch pots and tiles.'], ['Printmaking', 'Foam prints with two colours.'], ['Exhibition', 'Framing and showing our work.']],
  },
  {
    slug: 'sunset-flag-football', title: 'Flag Football', sport: 'Football',
    summary: 'Non-contact football: routes, throwing and teamwork.',
    description: 'A safe, non-contact introduction to football. Players learn to throw a spiral, run routes and pull flags, with a game every session.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'sunset-primary',
    weekdays: [1, 3], startTime: '15:00', endTime: '16:00', startsInWeeks: 2, weeks: 10, minGrade: 2, maxGrade: 5, capacity: 1, priceCents: 23900, coveredByMembership: true,
    activities: [['Throwing', 'Grip and the spiral.'], ['Routes', 'Slants, outs and go routes.'], ['Flag pulling', 'Angles and safe defence.'], ['Game day', '5v5 games.']],
  },
  {
    slug: 'maple-grove-tennis', title: 'Tennis Starters', sport: 'Tennis',
    summary: 'Red-ball tennis with smaller courts and racquets.',
    description: 'Using red balls, small racquets and short courts so children rally from the first lesson. Forehand, backhand, volley and serve.',
    classType: 'after_school', locationType: 'at_my_school', schoolSlug: 'maple-grove-elementary',
    weekdays: [2], startTime: '15:10', endTime: '16:10', startsInWeeks: 1, weeks: 8, minGrade: 1, maxGrade: 4, capacity: 10, priceCents: 26900, coveredByMembership: true,
    activities: [['Ready position', 'Split step and racquet control.'], ['Forehand', 'Drop-feed forehands to targets.'], ['Backhand', 'Two-handed backhand.'], ['Rally challenge', 'Cooperative rallies and points.']],
  },
  {
    slug: 'golden-gate-park-soccer-saturdays', title: 'Saturday Soccer in the Park', sport: 'Soccer',
    summary: 'Weekend soccer for all local families, grouped by age.',
    description: 'Open to children from any school. Groups by age, certified coaches and a relaxed weekend atmosphere. Parents are welcome to watch.',
    classType: 'after_school', locationType: 'public_class', venueName: 'Golden Gate Park, Polo Field', venueAddress: 'Polo Field, Golden Gate Park, San Francisco, CA 94122',
    weekdays: [6], startTime: '09:30', endTime: '10:45', startsInWeeks: 1, weeks: 10, minAge: 5, maxAge: 10, capacity: 24, priceCents: 21900, coveredByMembership: true,
    activities: [['Warm-up games', 'Tag games with the ball.'], ['Dribbling', '1v1 moves.'], ['Team shape', 'Spreading out and supporting.'], ['Festival', 'Mini World Cup.']],
  },
  {
    slug: 'mission-rec-center-gymnastics', title: 'Tumbling and Gymnastics', sport: 'Gymnastics',
    summary: 'Rolls, cartwheels and beam work on soft mats.',
    description: 'A safe progression from forward rolls to cartwheels and handstands, plus balance beam and trampoline stations. Small groups with a coach at each station.',
    classType: 'after_school', locationType: 'public_class', venueName: 'Mission Recreation Center', venueAddress: '2450 Harrison Street, San Francisco, CA 94110',
    weekdays: [3], startTime: '16:30', endTime: '17:30', startsInWeeks: 1, weeks: 10, minAge: 5, maxAge: 9, capacity: 15, priceCents: 28900, coveredByMembership: true,
    activities: [['Rolls', 'Forward and backward rolls.'], ['Cartwheels', 'Hands-hands-foot-foot.'], ['Beam', 'Walks, turns and poses.'], ['Show', 'Routine for families.']],
  },
  {
    slug: 'oakland-library-robotics', title: 'Robotics Workshop', sport: 'Robotics',
    summary: 'Build and program robots that move, sense and react.',
    description: 'Teams build robots with motors and sensors, then program them for challenges: line following, obstacle avoidance and a final robot race.',
    classType: 'enrichment', locationType: 'public_class', venueName: 'Oakland Main Library, Makerspace', venueAddress: '125 14th Street, Oakland, CA 94612',
    weekdays: [6], startTime: '11:00', endTime: '12:30', startsInWeeks: 2, weeks: 6, minGrade: 4, maxGrade: 8, capacity: 12, priceCents: 34900, coveredByMembership: false,
    activities: [['Motors', 'Building a drivetrain.'], ['Sensors', 'Light and distance sensors.'], ['Line following', 'Programming a line follower.'], ['Robot race', 'Final challenge.']],
  },
  {
    slug: 'daly-city-swim-school', title: 'Learn to Swim', sport: 'Swimming',
    summary: 'Water confidence, floating and first strokes.',
    description: 'Small groups with a certified instructor in the teaching pool. Children progress from water confidence to front crawl and back stroke.',
    classType: 'after_school', locationType: 'public_class', venueName: 'Daly City Aquatic Center', venueAddress: '600 Southgate Avenue, Daly City, CA 94015',
    weekdays: [2, 4], startTime: '17:00', endTime: '17:45', startsInWeeks: 1, weeks: 8, minAge: 5, maxAge: 10, capacity: 8, priceCents: 31900, coveredByMembership: true,
    activities: [['Water confidence', 'Bubbles, floating and gliding.'], ['Kicking', 'Flutter kick with a board.'], ['Front crawl', 'Arms and breathing.'], ['Back stroke', 'Back float to back stroke.']],
  },
  {
    slug: 'san-mateo-drama-club', title: 'Drama and Stagecraft', sport: 'Drama',
    summary: 'Games, improvisation and a short play for families.',
    description: 'Children build confidence with voice and movement games, improvisation and scene work, then rehearse and perform a short play.',
    classType: 'enrichment', locationType: 'public_class', venueName: 'San Mateo Community Theatre Studio', venueAddress: '50 East 3rd Avenue, San Mateo, CA 94401',
    weekdays: [5], startTime: '16:00', endTime: '17:15', startsInWeeks: 1, weeks: 10, minGrade: 2, maxGrade: 7, capacity: 16, priceCents: 24900, coveredByMembership: true,
    activities: [['Voice and movement', 'Warm-ups and projection.'], ['Improvisation', 'Yes-and games.'], ['Scene work', 'Rehearsing in pairs.'], ['Performance', 'Our play for families.']],
  },
  {
    slug: 'randall-museum-science-explorers', title: 'Science Explorers', sport: 'Science',
    summary: 'Hands-on experiments with magnets, circuits and kitchen chemistry.',
    description: 'Young scientists make predictions, run real experiments and record what they see. Each week covers a new topic, from simple circuits to volcanoes and slime.\n\n**Bring:** a water bottle; lab coats and goggles are provided.',
    classType: 'enrichment', locationType: 'public_class', venueName: 'Randall Museum, Science Lab', venueAddress: '199 Museum Way, San Francisco, CA 94114',
    weekdays: [4], startTime: '16:00', endTime: '17:15', startsInWeeks: 1, weeks: 8, minGrade: 1, maxGrade: 4, capacity: 14, priceCents: 25900, coveredByMembership: false,
    activities: [['Magnets', 'What sticks, what does not, and why.'], ['Circuits', 'Lighting a bulb with a battery and wires.'], ['Kitchen chemistry', 'Acids, bases and a red-cabbage indicator.'], ['Science fair', 'Showing an experiment to families.']],
  },
  {
    slug: 'harding-park-junior-golf', title: 'Junior Golf', sport: 'Golf',
    summary: 'Putting, chipping and full swings with junior clubs.',
    description: 'Small groups learn grip, stance and swing with junior clubs and soft balls, then play short holes on the practice course. Clubs are provided.',
    classType: 'after_school', locationType: 'public_class', venueName: 'Harding Park, Junior Learning Center', venueAddress: '99 Harding Road, San Francisco, CA 94132',
    weekdays: [7], startTime: '10:00', endTime: '11:15', startsInWeeks: 1, weeks: 8, minAge: 7, maxAge: 12, capacity: 12, priceCents: 27900, coveredByMembership: true,
    activities: [['Putting', 'Grip, alignment and reading the green.'], ['Chipping', 'Getting the ball up and rolling.'], ['Full swing', 'Posture and a balanced finish.'], ['Family round', 'Three holes with a parent caddie.']],
  },
  {
    slug: 'maple-grove-brick-engineering', title: 'Brick Engineering', sport: 'Engineering',
    summary: 'Build bridges, towers and machines from building bricks.',
    description: 'Children follow engineering challenges with building bricks: the tallest tower that survives a shake test, a bridge that holds a water bottle, and a machine with gears.',
    classType: 'enrichment', locationType: 'at_my_school', schoolSlug: 'maple-grove-elementary',
    weekdays: [3], startTime: '15:10', endTime: '16:20', startsInWeeks: 1, weeks: 8, minGrade: 0, maxGrade: 3, capacity: 16, priceCents: 23900, coveredByMembership: true,
    activities: [['Towers', 'Strong bases and the shake test.'], ['Bridges', 'Beams, arches and load.'], ['Gears', 'Making things turn faster or slower.'], ['Free build', 'Our own machine, presented to the class.']],
  },
  {
    slug: 'hillcrest-debate-club', title: 'Debate and Public Speaking', sport: 'Debate',
    summary: 'Confident speaking, clear arguments and friendly debates.',
    description: 'Students practise speaking to a group, building an argument with evidence and answering questions, ending with a debate tournament judged by teachers.',
    classType: 'enrichment', locationType: 'at_my_school', schoolSlug: 'hillcrest-middle',
    weekdays: [2], startTime: '15:45', endTime: '17:00', startsInWeeks: 2, weeks: 8, minGrade: 6, maxGrade: 8, capacity: 20, priceCents: 21900, coveredByMembership: false,
    activities: [['Speaking up', 'Voice, pace and eye contact.'], ['Arguments', 'Claim, evidence and reasoning.'], ['Rebuttal', 'Listening and answering.'], ['Tournament', 'Team debates judged by teachers.']],
  },
];
