/*
 * The gate's commit protocol (NavigationFlow, NavigationGate) as a Promela model, checked with
 * SPIN over every interleaving within the bounds below (Docs/Middleware.md, "The model").
 *
 * The table it stands for is gate.routes: home (plain, the root), about (plain), profile (auth),
 * secret (sources inApp), login (a full-screen modal). The flow runs with `signOut: .withhold`
 * and every screen asks before it is covered (`leave * ask covered`): a request's await is that
 * question, open until the user answers it, in the order asked.
 *
 * Doors: navigate (about, profile, secret; in-app), open secret (a deep link), the answer to a
 * leave question (yes or no), sign-out, sign-in as one of two principals (resuming the parked
 * request), the session expiring behind the flow's back (its middleware told, the flow not),
 * a back swipe (ui-back) and the login dragged down (ui-dismiss).
 *
 * Bounds: MAXSTEPS user actions (default 9), at most MAXREQ requests in flight (3), 2 principals,
 * stacks of at most MAXSTACK screens (5) under the login.
 *
 * Properties (asserted at the end of every step, so in every state between steps, and at every
 * commit):
 *   I1  no auth-only screen is visible while signed out — checked at every commit (the session
 *       may expire behind the flow's back between commits; the next commit must not show one),
 *       and in every state once the flow has been told (sign-out);
 *   I2  no screen is visible from a source its route excludes (secret only from inApp);
 *   I3  nothing guarded is erased — every entry made is on a stack or withheld until a door
 *       that releases it (a back swipe, another principal's sign-in, its place gone) — guarded
 *       screens are only ever shown to the principal they were taken from, and a request parked
 *       for one principal never resumes for another.
 *
 * Planted faults (Verification/check builds each and expects SPIN to find a violation):
 *   -DNO_RECHECK     the commit does not check the policy again after its await;
 *   -DNO_STRIP       another principal's sign-in keeps the previous owner's guarded screens.
 *
 * Traces: run as a random simulation (`spin -n SEED`), the model prints, behind "@@ ", the
 * simulate script of what it did and what the state must be after each step
 * (Verification/traces turns them into Verification/traces/*.sim, which `swift test` runs on the
 * real flow: both must agree).
 */

#ifndef MAXSTEPS
#define MAXSTEPS 9
#endif
#define MAXREQ 3
#define MAXSTACK 5
#define MAXHELD 6
#define MAXIDS 32

#define HOME 0
#define ABOUT 1
#define PROFILE 2
#define SECRET 3
#define LOGIN 4
#define NONE 255

#define INAPP 0
#define LINK 1

/* Answers. */
#define WAITING 0
#define YES 1
#define NO 2

/* The state: the root stack (stack[0] is home), the login over it or not, the withheld groups. */
byte route[MAXSTACK + 3];
byte ids[MAXSTACK + 3];
byte sp = 1;
bool loginUp = false;
bool gateLogin = false;     /* the gate presented the login (sign-in takes it down) */
byte heldRoute[MAXHELD];
byte heldId[MAXHELD];
byte heldAbove[MAXHELD];    /* the id of the entry the entry's group was above */
byte heldGroup[MAXHELD];    /* which group: entries of one group are consecutive */
byte hp = 0;
byte nextGroup = 1;
byte nextId = 1;            /* home is #0 */
byte owner = 0;             /* NavigationState.owner: 0 none, 1 alice, 2 bob */
byte entryOwner[MAXIDS];    /* ghost: the principal signed in when the entry was made */
bool alive[MAXIDS];         /* ghost: made and not released */

/* The session: the middleware's (sessionIn) and what the flow was last told (told). */
bool sessionIn = true;
bool toldOut = false;     /* signOut() called since the last sign-in */
byte principal = 0;

/* The flow's turn and commits, by request slot (a request is one of MAXREQ slots while in flight):
 * `stale` — a newer request (or sign-out, a UI change …) took the turn since it started;
 * `moved` — a commit happened since it planned. Bits rather than counters keep the state space
 * finite and small. Then the parked request, and the questions open, in the order asked. */
bool used[MAXREQ];
bool stale[MAXREQ];
bool moved[MAXREQ];
byte answered[MAXREQ];
byte parked = NONE;
byte parkedOwner = 0;
chan questions = [MAXREQ] of { byte };
byte inflight = 0;

/* Scratch for the steps' loops, declared in each process that runs them (every step is atomic,
 * so they are never live across steps). */
#define SCRATCH byte i, j, k, g, w, t, pq, cid, first, onto; byte found, cfound, progressed; byte keep[MAXHELD]; byte placed[MAXHELD]
bool busy = false;          /* a step is running until it waits or ends (the simulator's settle) */
byte steps = 0;

/* A step takes the turn: every request in flight is superseded. */
inline takeTurn() {
    t = 0;
    do :: t < MAXREQ -> stale[t] = true; t++ :: else -> break od
}

/* The first request slot not in use, taken. */
inline freeSlot(slot) {
    slot = 0;
    do :: used[slot] -> slot++ :: else -> break od;
    used[slot] = true
}

/* A commit: every plan made before it is a plan for another state. */
inline committed() {
    t = 0;
    do :: t < MAXREQ -> moved[t] = true; t++ :: else -> break od;
    checkAll()
}

inline printStack() {
    if
    :: loginUp -> printf("@@ expect stack login\n")
    :: else ->
        printf("@@ expect stack home");
        k = 1;
        do
        :: k < sp ->
            if
            :: route[k] == ABOUT -> printf(" > about")
            :: route[k] == PROFILE -> printf(" > profile")
            :: route[k] == SECRET -> printf(" > secret")
            :: else -> skip
            fi;
            k++
        :: else -> break
        od;
        printf("\n")
    fi;
    if
    :: sessionIn -> printf("@@ expect signed-in yes\n")
    :: else -> printf("@@ expect signed-in no\n")
    fi;
    if
    :: parked == PROFILE -> printf("@@ expect parked profile\n")
    :: else -> printf("@@ expect parked none\n")
    fi
}

/* The rules, checked after every commit and in every state. */
inline checkCommit() {
    assert(loginUp || sessionIn || route[sp - 1] != PROFILE);  /* I1 at the commit */
}

/* Whether entry `id` is on the stack or withheld. */
inline present(id, found) {
    found = false;
    pq = 0;
    do
    :: pq < sp -> if :: ids[pq] == id -> found = true :: else -> skip fi; pq++
    :: else -> break
    od;
    pq = 0;
    do
    :: pq < hp -> if :: heldId[pq] == id -> found = true :: else -> skip fi; pq++
    :: else -> break
    od
}

/* The rules every state must keep (each door ends with it, and every commit; all state changes
 * are atomic steps, so this is every reachable state between steps). */
inline checkAll() {
    /* I1, once the flow has been told the user signed out. */
    assert(loginUp || !toldOut || route[sp - 1] != PROFILE);
    /* I2: the in-app-only screen is never made from a link (no door makes it but in-app ones). */
    /* I3: while signed in, no auth-only screen of another principal's; withheld screens are the
     * owner's; every entry made and not released is on the stack or withheld. */
    i = 1;
    do
    :: i < sp ->
        assert(!(sessionIn && route[i] == PROFILE && entryOwner[ids[i]] != 0 && entryOwner[ids[i]] != principal));
        i++
    :: else -> break
    od;
    i = 0;
    do
    :: i < hp -> assert(entryOwner[heldId[i]] == 0 || entryOwner[heldId[i]] == owner); i++
    :: else -> break
    od;
    cid = 0;
    do
    :: cid < nextId ->
        if
        :: alive[cid] -> present(cid, cfound); assert(cfound)
        :: else -> skip
        fi;
        cid++
    :: else -> break
    od
}

/* A new entry of route r pushed. */
inline push(r) {
    route[sp] = r;
    ids[sp] = nextId;
    alive[nextId] = true;
    entryOwner[nextId] = (sessionIn -> principal : 0);
    nextId++;
    sp++
}

/* Entry at the top popped and released, with every withheld group left without its place. */
inline popTop() {
    sp--;
    alive[ids[sp]] = false;
    dropOrphans()
}

/* Groups whose place is neither on the stack nor in a kept group go (released), to a fixpoint. */
inline dropOrphans() {
    i = 0;
    do :: i < hp -> keep[i] = false; i++ :: else -> break od;
    progressed = true;
    do
    :: progressed ->
        progressed = false;
        i = 0;
        do
        :: i < hp ->
            if
            :: !keep[i] ->
                /* Its place: on the stack, or an entry of a kept group. */
                found = false;
                j = 0;
                do :: j < sp -> if :: ids[j] == heldAbove[i] -> found = true :: else -> skip fi; j++ :: else -> break od;
                j = 0;
                do :: j < hp -> if :: keep[j] && heldId[j] == heldAbove[i] -> found = true :: else -> skip fi; j++ :: else -> break od;
                if :: found -> keep[i] = true; progressed = true :: else -> skip fi
            :: else -> skip
            fi;
            i++
        :: else -> break
        od
    :: else -> break
    od;
    /* Compact, releasing what goes. */
    w = 0;
    i = 0;
    do
    :: i < hp ->
        if
        :: keep[i] ->
            heldRoute[w] = heldRoute[i]; heldId[w] = heldId[i]; heldAbove[w] = heldAbove[i]; heldGroup[w] = heldGroup[i]; w++
        :: else -> alive[heldId[i]] = false
        fi;
        i++
    :: else -> break
    od;
    hp = w
}

/* The guarded run at the top of the stack (signed out: profile) withheld as one group above the
 * screen under it (home is never guarded, so something stays). */
inline withholdTop() {
    if
    :: !sessionIn && route[sp - 1] == PROFILE ->
        first = sp - 1;
        do :: first > 0 && route[first - 1] == PROFILE -> first-- :: else -> break od;
        k = first;
        do
        :: k < sp ->
            heldRoute[hp] = route[k]; heldId[hp] = ids[k]; heldAbove[hp] = ids[first - 1]; heldGroup[hp] = nextGroup; hp++; k++
        :: else -> break
        od;
        nextGroup++;
        sp = first
    :: else -> skip
    fi
}

/* Signed in: every group back onto its place while that is the top (a later group above the same
 * entry onto the last one put back there), to a fixpoint; the rest go. */
inline reinstate() {
    i = 0;
    do :: i < hp -> placed[i] = false; i++ :: else -> break od;
    progressed = true;
    do
    :: progressed ->
        progressed = false;
        i = 0;
        do
        :: i < hp ->
            if
            :: !placed[i] && (i == 0 || heldGroup[i - 1] != heldGroup[i]) ->
                /* The first entry of a group: where it goes, following groups put back before. */
                onto = heldAbove[i];
                j = 0;
                do
                :: j < hp ->
                    if :: placed[j] && heldAbove[j] == heldAbove[i] && (j + 1 == hp || heldGroup[j + 1] != heldGroup[j]) -> onto = heldId[j] :: else -> skip fi;
                    j++
                :: else -> break
                od;
                if
                :: ids[sp - 1] == onto ->
                    g = heldGroup[i];
                    j = i;
                    do
                    :: j < hp && heldGroup[j] == g -> route[sp] = heldRoute[j]; ids[sp] = heldId[j]; sp++; placed[j] = true; j++
                    :: else -> break
                    od;
                    progressed = true
                :: else -> skip
                fi
            :: else -> skip
            fi;
            i++
        :: else -> break
        od
    :: else -> break
    od;
    w = 0;
    i = 0;
    do
    :: i < hp -> if :: !placed[i] -> alive[heldId[i]] = false :: else -> skip fi; i++
    :: else -> break
    od;
    hp = 0
}

/* Another principal's sign-in: nothing guarded of the owner's is kept. */
inline strip() {
    i = 0;
    do :: i < hp -> alive[heldId[i]] = false; i++ :: else -> break od;
    hp = 0;
    /* The stack cut below its first auth-only screen. */
    i = 1;
    do
    :: i < sp && route[i] != PROFILE -> i++
    :: else -> break
    od;
    do :: sp > i -> sp--; alive[ids[sp]] = false :: else -> break od
}

/* A request: navigate to r (in-app), or the one parked until sign-in, resumed. It runs until it
 * asks its question or ends, as the simulator's `&` step does; the user's answer moves it on. */
proctype Request(byte slot; byte r; bool resumed) {
    SCRATCH;
    byte target;
    bool asked, ended, retry;
    atomic {
        /* Every request takes the turn: whatever is in flight is superseded. */
        takeTurn();
        stale[slot] = false;
        target = r
    }
    do
    :: atomic {
            retry = false;
            ended = false;
            asked = false;
            /* Preflight. A duplicate: the screen on top already (the login taken down first when resumed). */
            if
            :: (target == LOGIN && loginUp) || (target != LOGIN && (!loginUp || resumed) && route[sp - 1] == target) -> ended = true
            :: else -> skip
            fi;
            if
            :: !ended && target == PROFILE && !sessionIn ->
                /* Parked for the state's owner; the login instead (already up: refused). */
                parked = PROFILE;
                parkedOwner = owner;
                if :: loginUp -> ended = true :: else -> target = LOGIN fi
            :: else -> skip
            fi;
            if
            :: !ended ->
                moved[slot] = false;
                /* The visible screen is covered (a resumed request takes the login down: not asked). */
                asked = !(resumed && loginUp);
                if
                :: asked -> answered[slot] = WAITING; questions!slot; busy = false
                :: else -> skip
                fi
            :: else -> skip
            fi
        }
        if :: ended -> break :: else -> skip fi;
        /* The await, then the commit in one turn. */
        atomic {
            (!asked || answered[slot] != WAITING) ->
            busy = true;
            if
            :: stale[slot] -> ended = true                                   /* superseded */
            :: !stale[slot] && asked && answered[slot] == NO -> ended = true /* the screen said no */
            :: !stale[slot] && !(asked && answered[slot] == NO) && moved[slot] -> ended = true
            :: else -> skip
            fi;
#ifndef NO_RECHECK
            if
            :: !ended && target == PROFILE && !sessionIn ->
                /* The policy of now: parked, and the login instead. */
                parked = PROFILE;
                parkedOwner = owner;
                target = LOGIN;
                retry = true
            :: else -> skip
            fi;
#endif
            if
            :: !ended && !retry ->
                if
                :: target == LOGIN -> loginUp = true; gateLogin = false
                :: else ->
                    if :: resumed && loginUp -> loginUp = false; gateLogin = false :: else -> skip fi;
                    push(target)
                fi;
                checkCommit();
                committed()
            :: else -> skip
            fi
        }
        if :: retry -> skip :: else -> break fi
    od;
    atomic { inflight--; used[slot] = false; answered[slot] = WAITING; stale[slot] = false; moved[slot] = false; busy = false }
}

active proctype user() {
    SCRATCH;
    byte q, p, resume, s0, h0, o0;
    bool l0;
    ids[0] = 0;
    route[0] = HOME;
    alive[0] = true;
    do
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && inflight < MAXREQ && sp + hp + inflight < MAXSTACK ->
            steps++; busy = true; inflight++;
            freeSlot(q);
            if
            :: printf("@@ navigate myapp://about &\n"); run Request(q, ABOUT, false)
            :: printf("@@ navigate myapp://profile &\n"); run Request(q, PROFILE, false)
            :: printf("@@ navigate myapp://secret &\n"); run Request(q, SECRET, false)
            fi }
        atomic { !busy -> printStack() }
    :: atomic { !busy && steps < MAXSTEPS && len(questions) > 0 ->
            steps++; busy = true;
            questions?q;
            if
            :: printf("@@ answer yes\n"); answered[q] = YES
            :: printf("@@ answer no\n"); answered[q] = NO
            fi }
        atomic { !busy -> printStack() }
    :: atomic { !busy && steps < MAXSTEPS ->
            steps++;
            /* A deep link to the in-app-only screen: a request (it takes the turn), refused before
             * anything runs — or a duplicate of the screen on top. */
            printf("@@ open myapp://secret\n");
            takeTurn();
            if
            :: !loginUp && route[sp - 1] == SECRET -> printf("@@ expect result duplicated\n")
            :: else -> printf("@@ expect result cancelled.untrusted-source\n")
            fi;
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !toldOut ->
            steps++;
            printf("@@ sign-out\n");
            sessionIn = false; toldOut = true;
            takeTurn();      /* every request in flight superseded */
            /* withholdingCovered (the root's guarded top, under the login), then the visible. */
            withholdTop();
            dropOrphans();
            checkCommit();
            committed();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && sessionIn ->
            steps++;
            /* The token expired: the middleware signs out, the flow is not told. */
            printf("@@ expire-session\n");
            sessionIn = false;
            checkAll();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !sessionIn && inflight < MAXREQ && sp + hp + inflight < MAXSTACK ->
            steps++; busy = true;
            if
            :: p = 1; printf("@@ sign-in as alice &\n")
            :: p = 2; printf("@@ sign-in as bob &\n")
            fi;
            sessionIn = true; toldOut = false;
            resume = NONE;
            if
            :: parked != NONE && (parkedOwner == 0 || parkedOwner == p) -> resume = parked
            :: else -> skip
            fi;
            parked = NONE;
            principal = p;
            /* commitSignIn: the gate's login down (nothing resumed), then tidied; a commit (and
             * the turn) only when the state changed. */
            s0 = sp; h0 = hp; l0 = loginUp; o0 = owner;
            if :: resume == NONE && gateLogin && loginUp -> loginUp = false; gateLogin = false :: else -> skip fi;
#ifndef NO_STRIP
            if :: owner != 0 && owner != p -> strip() :: else -> skip fi;
#endif
            owner = p;
            reinstate();
            if
            :: sp != s0 || hp != h0 || loginUp != l0 || owner != o0 -> takeTurn(); committed()
            :: else -> checkAll()
            fi;
            if
            :: resume != NONE -> inflight++; freeSlot(q); run Request(q, resume, true)
            :: else -> busy = false
            fi }
        atomic { !busy -> printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && sp > 1 ->
            steps++;
            printf("@@ ui-back\n");
            takeTurn();
            popTop();
            /* The screen revealed: signed out and auth-only, the login over it in the same commit. */
            if
            :: !sessionIn && route[sp - 1] == PROFILE -> loginUp = true; gateLogin = true
            :: else -> skip
            fi;
            checkCommit();
            committed();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && loginUp ->
            steps++;
            printf("@@ ui-dismiss\n");
            takeTurn();
            loginUp = false; gateLogin = false;
            /* Leaving the login: what it guarded is withheld. */
            withholdTop();
            dropOrphans();
            checkCommit();
            committed();
            printStack() }
    :: atomic { !busy && steps == MAXSTEPS -> break }
    od;
    /* The end: every question still open answered yes, in order, then everything settles. */
    do
    :: atomic { !busy && len(questions) > 0 -> busy = true; questions?q; printf("@@ answer yes\n"); answered[q] = YES }
    :: atomic { !busy && len(questions) == 0 -> break }
    od;
    atomic { !busy -> printf("@@ await\n"); printStack() }
}
