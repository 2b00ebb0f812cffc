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
 * a back swipe (ui-back), the login dragged down (ui-dismiss), a table swap either way
 * (replace-table: gate-swapped.routes makes `about` auth-only too), saving the state once and
 * restoring it (a request; parked for sign-in when what it shows is guarded), a preview of a
 * navigation (about or profile), kept across every later step: it changes nothing, and says what
 * the request would show; the visible screen publishing whether it may be left (allowed or
 * refused), and a back gesture — started, told the decision of that moment, then cancelled or
 * ended across later steps (a decision published meanwhile counts from the next gesture).
 *
 * Bounds: MAXSTEPS user actions (default 9), at most MAXREQ requests in flight (3), 2 principals,
 * stacks of at most MAXSTACK screens (5) under the login, one saved state, two tables.
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
 *       for one principal never resumes for another;
 *   P   a preview the flow does not call retired (made under the session, principal and table of
 *       now: no sign-in, sign-out or swap since, and the session not ended behind the flow's back)
 *       shows nothing the gate would not show now — no auth-only screen signed out, none of
 *       another principal's;
 *   G   a back gesture's end does what the UI was told when it started: told allowed, the UI took
 *       the screen off and so does the flow; told refused, the UI held it and the screen stays.
 *
 * With -DRESULTS, the doors of screens that answer (Docs/Navigation.md): the screen on top or app
 * code asks for about's answer (a navigation; the commit that shows about makes the result), the
 * answering screen answers and goes (when what it reveals may be shown), a caller attaches again
 * (an ended result is taken then); the run starts with alice's session restored at launch (so that
 * another principal's sign-in can take a caller away). Every commit settles the result first
 * (settleResult: NavigationState.settleResults), and:
 *   R1  no result is delivered twice (a restore of the saved state brings its result back as saved);
 *   R2  no result is delivered to a caller that has left the state;
 *   R3  a result in the state waits for a caller in the state, on a screen in the state, or has ended.
 * Its planted faults: -DNO_CALLER_CHECK (a result whose caller left is kept) and -DNO_RESULT_TAKEN
 * (a delivered result stays in the state).
 *
 * With -DSAVED, multiple back stacks (NavigationCommand.popToSaving / pushRestoring): what is above
 * home saved off the stack (its screens stay in the state, alive), and put back — through the gate:
 * signed out with an auth-only screen on top, the login instead. A saved screen is present for I3;
 * another principal's sign-in and a restore cut the saved stack as they cut the stack, and a sign-in
 * hands its screens over as it does the stack's; and:
 *   S1  a saved auth-only screen is the owner's.
 * Its planted fault: -DNO_STRIP_SAVED (another principal's sign-in keeps the saved stack whole).
 *
 * Planted faults (Verification/check builds each and expects SPIN to find a violation):
 *   -DNO_RECHECK     the commit does not check the policy again after its await;
 *   -DNO_STRIP       another principal's sign-in (or a restore) keeps the previous owner's guarded
 *                    screens;
 *   -DNO_SWAP_CHECK  a table swap does not put the gate's rule to what it leaves on screen;
 *   -DNO_PREVIEW_EPOCH    a preview is retired only by the session's state, not by a sign-in,
 *                         sign-out or swap since it was made;
 *   -DNO_PREVIEW_SESSION  a preview is retired only by the flow's own doors, not by the session
 *                         ending behind its back;
 *   -DNO_GESTURE_PIN      a gesture's end is decided by the decision published at its end, not
 *                         the one it was told at its start.
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
#define RESTORE 5           /* a parked restore (of the saved state) */
#define NONE 255

#define INAPP 0
#define LINK 1

/* Answers. */
#define WAITING 0
#define YES 1
#define NO 2

/* The table in place: gate.routes, or gate-swapped.routes (`about` auth-only too). */
bool aboutAuth = false;
#define AUTHONLY(r) ((r) == PROFILE || ((r) == ABOUT && aboutAuth))

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
#ifdef RESULTS
byte owner = 1;             /* (the results run starts with alice's session restored at launch) */
#else
byte owner = 0;             /* NavigationState.owner: 0 none, 1 alice, 2 bob */
#endif
byte entryOwner[MAXIDS];    /* ghost: the principal signed in when the entry was made */
bool alive[MAXIDS];         /* ghost: made and not released */

/* The saved state (`save s`, once): the stack, the withheld groups, the owner, the next id, and
 * (ghost) who each entry was made for. */
bool saved = false;
/* Ghosts the sample traces aim at (traces.py, REACH): a restore resumed after sign-in, a swap that
 * put the login up, a restore that stripped another principal's guarded state. */
bool resumedRestore = false;
bool swapLogin = false;
bool strippedRestore = false;
/* … and gestures: one ended through (the screen taken off), one held, one ended after its screen
 * published another decision mid-gesture. */
bool gestureThrough = false;
bool gestureHeld = false;
bool gestureRepublished = false;
byte svRoute[MAXSTACK + 3];
byte svId[MAXSTACK + 3];
byte svOwnerOf[MAXSTACK + 3];
byte svSp = 0;
byte svHeldRoute[MAXHELD];
byte svHeldId[MAXHELD];
byte svHeldAbove[MAXHELD];
byte svHeldGroup[MAXHELD];
byte svHeldOwnerOf[MAXHELD];
byte svHp = 0;
byte svOwner = 0;
byte svNextId = 0;
#ifdef SAVED
/* A back stack saved to come back to (NavigationState.savedStacks, one here): what was above home,
 * off the stack but in the state; and the saved state's copy of it. */
byte bsRoute[MAXSTACK + 3];
byte bsId[MAXSTACK + 3];
byte bsp = 0;
byte svBsRoute[MAXSTACK + 3];
byte svBsId[MAXSTACK + 3];
byte svBsOwnerOf[MAXSTACK + 3];
byte svBsp = 0;
#endif

/* The preview kept (`preview p`): what it would show (NONE: nothing, a duplicate), and what it
 * was made under — the session, the principal, and whether a sign-in, sign-out or swap happened
 * since (NavigationFlow.sessionChanges) — and whether a commit happened since (stale). */
bool pvMade = false;
byte pvShows = NONE;
bool pvIn = false;
byte pvPrincipal = 0;
bool pvChanged = false;
bool pvMoved = false;
#if defined(NO_PREVIEW_EPOCH)
#define PVRETIRED (pvIn != sessionIn)
#elif defined(NO_PREVIEW_SESSION)
#define PVRETIRED (pvChanged || pvPrincipal != principal)
#else
#define PVRETIRED (pvChanged || pvIn != sessionIn || pvPrincipal != principal)
#endif

/* What each entry's screen published about being left: 0 nothing (its guard asks: every screen
 * of gate.routes asks), 1 allowed, 2 refused. It goes with the entry: a new entry (ids are reused
 * after a restore) starts with nothing, and a restore keeps it only for an entry that stays. Then
 * the back gesture in progress: the screen it started on and the decision it was told. */
byte pub[MAXIDS];
bool gesturing = false;
byte gestureId = 0;
byte gestureTold = 0;

#ifdef RESULTS
/* A screen's answer awaited (Docs/Navigation.md, "Screens that answer"), one at a time: made by
 * the commit of a request that asked for `about`'s answer, for the entry it pushed (the callee),
 * the caller the screen on top when it asked or app code (NONE). Its number is taken from the
 * entries' (nextId). Ended by the commit that takes the callee away: answered (1) when its screen
 * answered, otherwise without an answer (2). Delivered to a waiter attached to it (the request's
 * own, or one attached again) in the commit that ends it, and then out of the state. */
bool rsMade = false;
byte rsNum = 0;
byte rsCallee = 0;
byte rsCaller = NONE;
bool rsAnswered = false;
byte rsOutcome = 0;
bool rsWaiting = false;
byte rsAskSlot = NONE;      /* the request that asked, while in flight */
byte rsAskCaller = NONE;
bool rsDelivered[MAXIDS];   /* ghost: results (by number) delivered since they were made or restored */
bool svRsMade = false;
byte svRsNum = 0;
byte svRsCallee = 0;
byte svRsCaller = NONE;
byte svRsOutcome = 0;
#endif

/* The session: the middleware's (sessionIn) and what the flow was last told (told). */
bool sessionIn = true;
bool toldOut = false;     /* signOut() called since the last sign-in */
#ifdef RESULTS
byte principal = 1;
#else
byte principal = 0;
#endif

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

/* A delivery of the result (RESULTS): R1, it was never delivered before; R2, an answer (or its
 * absence) reaches only a caller still in the state. Then it leaves the state. */
inline deliverResult() {
#ifdef RESULTS
    assert(!rsDelivered[rsNum]);
    if :: rsCaller != NONE -> present(rsCaller, cfound); assert(cfound) :: else -> skip fi;
    rsDelivered[rsNum] = true;
#ifndef NO_RESULT_TAKEN
    rsMade = false;
#endif
    rsWaiting = false
#else
    skip
#endif
}

/* The rule every commit applies to the result in the state it writes (NavigationState.settleResults):
 * its caller gone, it is dropped, never delivered; its callee gone, it ends (answered or not); ended
 * with a waiter, it is delivered. */
inline settleResult() {
#ifdef RESULTS
    if
    :: rsMade ->
        if :: rsCaller != NONE -> present(rsCaller, cfound) :: else -> cfound = true fi;
#ifndef NO_CALLER_CHECK
        if :: !cfound -> rsMade = false; rsWaiting = false :: else -> skip fi;
#endif
        if
        :: rsMade && rsOutcome == 0 ->
            present(rsCallee, found);
            if :: !found && rsAnswered -> rsOutcome = 1 :: !found && !rsAnswered -> rsOutcome = 2 :: else -> skip fi
        :: else -> skip
        fi;
        if :: rsMade && rsOutcome != 0 && rsWaiting -> deliverResult() :: else -> skip fi
    :: else -> skip
    fi
#else
    skip
#endif
}

/* A commit: every plan made before it is a plan for another state. */
inline committed() {
    settleResult();
    t = 0;
    do :: t < MAXREQ -> moved[t] = true; t++ :: else -> break od;
    pvMoved = true;
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
    :: parked == ABOUT -> printf("@@ expect parked about\n")
    :: parked == RESTORE -> printf("@@ expect parked restore\n")
    :: else -> printf("@@ expect parked none\n")
    fi;
    if
    :: loginUp -> printf("@@ expect back-decision ask\n")
    :: !loginUp && sp == 1 -> printf("@@ expect back-decision refused\n")
    :: !loginUp && sp > 1 && pub[ids[sp - 1]] == 0 -> printf("@@ expect back-decision ask\n")
    :: !loginUp && sp > 1 && pub[ids[sp - 1]] == 1 -> printf("@@ expect back-decision allowed\n")
    :: !loginUp && sp > 1 && pub[ids[sp - 1]] == 2 -> printf("@@ expect back-decision refused\n")
    fi;
    if
    :: pvMade && PVRETIRED -> printf("@@ expect preview p status retired\n")
    :: pvMade && !PVRETIRED && pvMoved -> printf("@@ expect preview p status stale\n")
    :: pvMade && !PVRETIRED && !pvMoved -> printf("@@ expect preview p status current\n")
    :: else -> skip
    fi
}

/* The rules, checked after every commit and in every state. */
inline checkCommit() {
    assert(loginUp || sessionIn || !AUTHONLY(route[sp - 1]));  /* I1 at the commit */
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
    od;
#ifdef SAVED
    pq = 0;
    do
    :: pq < bsp -> if :: bsId[pq] == id -> found = true :: else -> skip fi; pq++
    :: else -> break
    od;
#endif
    skip
}

/* The rules every state must keep (each door ends with it, and every commit; all state changes
 * are atomic steps, so this is every reachable state between steps). */
inline checkAll() {
    /* I1, once the flow has been told the user signed out. */
    assert(loginUp || !toldOut || !AUTHONLY(route[sp - 1]));
    /* I2: the in-app-only screen is never made from a link (no door makes it but in-app ones). */
    /* I3: while signed in, no auth-only screen of another principal's; withheld screens are the
     * owner's; every entry made and not released is on the stack or withheld. */
    i = 1;
    do
    :: i < sp ->
        assert(!(sessionIn && AUTHONLY(route[i]) && entryOwner[ids[i]] != 0 && entryOwner[ids[i]] != principal));
        i++
    :: else -> break
    od;
    i = 0;
    do
    :: i < hp -> assert(entryOwner[heldId[i]] == 0 || entryOwner[heldId[i]] == owner); i++
    :: else -> break
    od;
#ifdef SAVED
    /* S1: a saved auth-only screen is the owner's (while signed in: who signed in). */
    i = 0;
    do
    :: i < bsp -> assert(!AUTHONLY(bsRoute[i]) || entryOwner[bsId[i]] == 0 || entryOwner[bsId[i]] == owner); i++
    :: else -> break
    od;
#endif
#ifdef RESULTS
    /* R3: a result in the state waits for a caller in the state, on a screen in the state (or has ended). */
    if
    :: rsMade ->
        if :: rsCaller != NONE -> present(rsCaller, cfound); assert(cfound) :: else -> skip fi;
        if :: rsOutcome == 0 -> present(rsCallee, cfound); assert(cfound) :: else -> skip fi
    :: else -> skip
    fi;
#endif
    /* P: a preview not retired shows nothing the gate would not show now. */
    assert(!pvMade || PVRETIRED || pvShows == NONE || !AUTHONLY(pvShows) || (sessionIn && pvPrincipal == principal));
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

/* pub[id] kept when entry `id` of route `r` is in the state now, else cleared (a restore). */
inline keepPub(id, r) {
    found = false;
    j = 0;
    do :: j < sp -> if :: ids[j] == id && route[j] == r -> found = true :: else -> skip fi; j++ :: else -> break od;
    j = 0;
    do :: j < hp -> if :: heldId[j] == id && heldRoute[j] == r -> found = true :: else -> skip fi; j++ :: else -> break od;
    if :: !found -> pub[id] = 0 :: else -> skip fi
}

/* A new entry of route r pushed. */
inline push(r) {
    route[sp] = r;
    ids[sp] = nextId;
    pub[nextId] = 0;
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
    :: !sessionIn && AUTHONLY(route[sp - 1]) ->
        first = sp - 1;
        do :: first > 0 && AUTHONLY(route[first - 1]) -> first-- :: else -> break od;
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
    :: i < sp && !AUTHONLY(route[i]) -> i++
    :: else -> break
    od;
    do :: sp > i -> sp--; alive[ids[sp]] = false :: else -> break od;
#if defined(SAVED) && !defined(NO_STRIP_SAVED)
    /* The saved back stack cut below its first auth-only screen, as the stack is. */
    i = 0;
    do
    :: i < bsp && !AUTHONLY(bsRoute[i]) -> i++
    :: else -> break
    od;
    do :: bsp > i -> bsp--; alive[bsId[bsp]] = false :: else -> break od;
#endif
    skip
}

/* Signed in as p: the screens that may be shown now become p's (handed over as they are: a swap
 * may make one auth-only later, and it is then p's, not whoever made it). */
inline handOver(p) {
    i = 0;
    do
    :: i < sp -> if :: !AUTHONLY(route[i]) -> entryOwner[ids[i]] = p :: else -> skip fi; i++
    :: else -> break
    od;
#ifdef SAVED
    i = 0;
    do
    :: i < bsp -> if :: !AUTHONLY(bsRoute[i]) -> entryOwner[bsId[i]] = p :: else -> skip fi; i++
    :: else -> break
    od;
#endif
    skip
}

/* The saved state committed in place of the current one (every current entry released), tidied by
 * the gate: signed in, another principal's guarded state stripped, the rest handed over, withheld
 * groups back; signed out, groups without their place released. */
inline restoreSaved() {
    /* A published decision stays only with an entry that is in the state before and after. */
    i = 0;
    do
    :: i < svSp ->
        keepPub(svId[i], svRoute[i]);
        i++
    :: else -> break
    od;
    i = 0;
    do
    :: i < svHp ->
        keepPub(svHeldId[i], svHeldRoute[i]);
        i++
    :: else -> break
    od;
    i = 0;
    do :: i < sp -> alive[ids[i]] = false; i++ :: else -> break od;
    i = 0;
    do :: i < hp -> alive[heldId[i]] = false; i++ :: else -> break od;
#ifdef SAVED
    i = 0;
    do :: i < bsp -> alive[bsId[i]] = false; i++ :: else -> break od;
    bsp = svBsp;
    i = 0;
    do
    :: i < bsp -> bsRoute[i] = svBsRoute[i]; bsId[i] = svBsId[i]; entryOwner[bsId[i]] = svBsOwnerOf[i]; alive[bsId[i]] = true; i++
    :: else -> break
    od;
#endif
    sp = svSp;
    i = 0;
    do
    :: i < sp -> route[i] = svRoute[i]; ids[i] = svId[i]; entryOwner[ids[i]] = svOwnerOf[i]; alive[ids[i]] = true; i++
    :: else -> break
    od;
    hp = svHp;
    i = 0;
    do
    :: i < hp ->
        heldRoute[i] = svHeldRoute[i]; heldId[i] = svHeldId[i]; heldAbove[i] = svHeldAbove[i]; heldGroup[i] = svHeldGroup[i];
        entryOwner[heldId[i]] = svHeldOwnerOf[i]; alive[heldId[i]] = true; i++
    :: else -> break
    od;
    owner = svOwner;
    nextId = svNextId;
#ifdef RESULTS
    /* The saved result comes back as it was (delivered since, it may be delivered again: the app
     * went back to an earlier state); a waiter stays attached only to the same result. */
    if
    :: rsMade && svRsMade && rsNum == svRsNum && rsCallee == svRsCallee && rsCaller == svRsCaller -> skip
    :: else -> rsWaiting = false
    fi;
    rsMade = svRsMade; rsNum = svRsNum; rsCallee = svRsCallee; rsCaller = svRsCaller; rsOutcome = svRsOutcome;
    rsAnswered = false;
    if :: rsMade -> rsDelivered[rsNum] = false :: else -> skip fi;
#endif
    loginUp = false;
    gateLogin = false;
    if
    :: sessionIn ->
#ifndef NO_STRIP
        if
        :: owner != 0 && owner != principal ->
            k = sp + hp;
            strip();
            if :: sp + hp < k -> strippedRestore = true :: else -> skip fi
        :: else -> skip
        fi;
#endif
        handOver(principal);
        owner = principal;
        reinstate()
    :: else -> dropOrphans()
    fi
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
            :: !ended && AUTHONLY(target) && !sessionIn ->
                /* Parked for the state's owner; the login instead (already up: refused). */
                parked = target;
                parkedOwner = owner;
                if :: loginUp -> ended = true :: else -> target = LOGIN fi
            :: else -> skip
            fi;
            if
            :: !ended && target == RESTORE ->
                /* A restore asks no screen (every one is removed, none covered). Its visible
                 * screen auth-only while signed out: parked, and the login instead. */
                if
                :: !sessionIn && AUTHONLY(svRoute[svSp - 1]) ->
                    parked = RESTORE;
                    parkedOwner = owner;
                    if :: loginUp -> ended = true :: else -> target = LOGIN fi
                :: else ->
                    if :: resumed -> resumedRestore = true :: else -> skip fi;
                    restoreSaved();
                    checkCommit();
                    committed();
                    ended = true
                fi
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
            :: !ended && AUTHONLY(target) && !sessionIn ->
                /* The policy of now: parked, and the login instead. */
                parked = target;
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
#ifdef RESULTS
                    ;
                    if
                    :: rsAskSlot == slot && target == ABOUT ->
                        /* The commit that shows the screen makes the result, with the asker's waiter. */
                        rsMade = true; rsNum = nextId; nextId++; rsCallee = ids[sp - 1]; rsCaller = rsAskCaller;
                        rsAnswered = false; rsOutcome = 0; rsWaiting = true; rsDelivered[rsNum] = false
                    :: else -> skip
                    fi
#endif
                fi;
                checkCommit();
                committed()
            :: else -> skip
            fi
        }
        if :: retry -> skip :: else -> break fi
    od;
    atomic {
#ifdef RESULTS
        if :: rsAskSlot == slot -> rsAskSlot = NONE :: else -> skip fi;
#endif
        inflight--; used[slot] = false; answered[slot] = WAITING; stale[slot] = false; moved[slot] = false; busy = false }
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
#ifdef RESULTS
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && !rsMade && rsAskSlot == NONE && inflight < MAXREQ && sp + hp + inflight < MAXSTACK ->
            /* The screen on top (or app code) asks for about's answer: a navigation to it. */
            steps++; busy = true; inflight++;
            freeSlot(q);
            rsAskSlot = q;
            if
            :: rsAskCaller = ids[sp - 1]; printf("@@ ask-result r about &\n")
            :: rsAskCaller = NONE; printf("@@ ask-result r about (app) &\n")
            fi;
            run Request(q, ABOUT, false) }
        atomic { !busy -> printStack() }
    :: atomic { !busy && steps < MAXSTEPS && rsMade && rsOutcome == 0 && !loginUp && sp > 1 && ids[sp - 1] == rsCallee && (sessionIn || !AUTHONLY(route[sp - 2])) ->
            /* The screen answers and goes (what it reveals may be shown). */
            steps++;
            printf("@@ reply yes\n");
            takeTurn();
            rsAnswered = true;
            popTop();
            checkCommit();
            committed();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && rsMade && !rsWaiting ->
            /* A caller attaches again (after a restore): an ended result is taken now, in a commit
             * that changes nothing on screen — no turn taken, no plan moved (requests in flight go on). */
            steps++;
            printf("@@ attach r\n");
            rsWaiting = true;
            if :: rsOutcome != 0 -> settleResult() :: else -> skip fi;
            checkAll();
            printStack() }
#endif
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
            sessionIn = false; toldOut = true; pvChanged = true;
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
            sessionIn = true; toldOut = false; pvChanged = true;
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
            handOver(p);
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
            :: !sessionIn && AUTHONLY(route[sp - 1]) -> loginUp = true; gateLogin = true
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
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && sp > 1 ->
            steps++;
            /* The visible screen publishes whether it may be left. */
            if
            :: printf("@@ publish allowed\n"); pub[ids[sp - 1]] = 1
            :: printf("@@ publish refused\n"); pub[ids[sp - 1]] = 2
            fi;
            checkAll();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !gesturing && !loginUp && sp > 1 && pub[ids[sp - 1]] != 0 ->
            steps++;
            /* A back gesture starts: told the decision of the moment; nothing changes. */
            printf("@@ gesture-start\n");
            gesturing = true; gestureId = ids[sp - 1]; gestureTold = pub[ids[sp - 1]];
            checkAll();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && gesturing ->
            steps++;
            gesturing = false;
            if
            :: printf("@@ gesture-cancel\n")
            :: printf("@@ gesture-end\n");
                if
                :: loginUp || ids[sp - 1] != gestureId ->
                    /* The screen it started on is no longer on top. */
                    printf("@@ expect result cancelled.superseded\n")
                :: else ->
                    if :: pub[ids[sp - 1]] != gestureTold -> gestureRepublished = true :: else -> skip fi;
#ifdef NO_GESTURE_PIN
                    g = pub[ids[sp - 1]];
#else
                    g = gestureTold;
#endif
                    if
                    :: g == 1 ->
                        /* The UI took the screen off: recorded as the back swipe it is. */
                        takeTurn();
                        popTop();
                        if
                        :: !sessionIn && AUTHONLY(route[sp - 1]) -> loginUp = true; gateLogin = true
                        :: else -> skip
                        fi;
                        checkCommit();
                        committed();
                        printf("@@ expect result completed\n")
                    :: else -> printf("@@ expect result cancelled.guard-rejected\n")
                    fi;
                    if :: gestureTold == 1 -> gestureThrough = true :: else -> gestureHeld = true fi;
                    /* G: the flow did what the UI was told at the start. */
                    present(gestureId, cfound);
                    assert(cfound == (gestureTold != 1))
                fi
            fi;
            checkAll();
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !loginUp ->
            steps++;
            /* A preview of a navigation: nothing changes (no turn taken, nothing parked); what it
             * would show is the request's preflight — a duplicate nothing, an auth-only screen
             * signed out the login. */
            if
            :: printf("@@ preview p navigate myapp://about\n"); g = ABOUT
            :: printf("@@ preview p navigate myapp://profile\n"); g = PROFILE
            fi;
            pvMade = true; pvIn = sessionIn; pvPrincipal = principal; pvChanged = false; pvMoved = false;
            if
            :: route[sp - 1] == g -> pvShows = NONE; printf("@@ expect preview p shows none\n")
            :: route[sp - 1] != g && AUTHONLY(g) && !sessionIn -> pvShows = LOGIN; printf("@@ expect preview p shows login\n")
            :: route[sp - 1] != g && !(AUTHONLY(g) && !sessionIn) ->
                pvShows = g;
                if :: g == ABOUT -> printf("@@ expect preview p shows about\n") :: else -> printf("@@ expect preview p shows profile\n") fi
            fi;
            checkAll();
            printStack() }
#ifndef NO_TABLE_DOORS
    :: atomic { !busy && steps < MAXSTEPS ->
            steps++;
            /* The table swapped (in either direction): every request in flight superseded, then
             * the gate under the new table — a visible screen that now needs sign-in, signed
             * out, gets the login over it in the same commit. */
            if
            :: !aboutAuth -> printf("@@ replace-table ../gate-swapped.routes\n")
            :: else -> printf("@@ replace-table ../gate.routes\n")
            fi;
            aboutAuth = !aboutAuth;
            pvChanged = true;
            takeTurn();
#ifndef NO_SWAP_CHECK
            if
            :: !loginUp && !sessionIn && AUTHONLY(route[sp - 1]) -> loginUp = true; gateLogin = true; swapLogin = true
            :: else -> skip
            fi;
#endif
            checkCommit();
            committed();
            printStack() }
#ifdef SAVED
    /* Multiple back stacks: what is above home saved (switch-stack home), and put back (a commit
     * through the gate: signed out with an auth-only screen on top, it is refused and the login
     * shown over the screen as it is — the real flow parks it for sign-in). */
    /* (With no group withheld: a group above a saved screen waits for it in the real flow, which
     * the model's withheld groups do not follow.) */
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && sp > 1 && bsp == 0 && hp == 0 ->
            steps++;
            printf("@@ pop-to-saving home\n");
            takeTurn();
            i = 1;
            do :: i < sp -> bsRoute[bsp] = route[i]; bsId[bsp] = ids[i]; bsp++; i++ :: else -> break od;
            sp = 1;
            committed() }
        atomic { !busy -> printStack() }
    :: atomic { !busy && steps < MAXSTEPS && !loginUp && bsp > 0 && sp + bsp <= MAXSTACK ->
            steps++;
            printf("@@ push-restoring saved\n");
            takeTurn();
            if
            :: !sessionIn && AUTHONLY(bsRoute[bsp - 1]) -> loginUp = true; gateLogin = true
            :: else ->
                i = 0;
                do :: i < bsp -> route[sp] = bsRoute[i]; ids[sp] = bsId[i]; sp++; i++ :: else -> break od;
                bsp = 0
            fi;
            committed() }
        atomic { !busy -> printStack() }
#endif
#ifdef SAVE_GUARDED
    /* (A narrower run for sample traces: the state is saved only with an auth-only screen on top,
     * so that its restores meet the gate.) */
    :: atomic { !busy && steps < MAXSTEPS && !saved && !loginUp && AUTHONLY(route[sp - 1]) ->
#else
    :: atomic { !busy && steps < MAXSTEPS && !saved && !loginUp ->
#endif
            steps++;
            printf("@@ save s\n");
            saved = true;
            svSp = sp;
            i = 0;
            do :: i < sp -> svRoute[i] = route[i]; svId[i] = ids[i]; svOwnerOf[i] = entryOwner[ids[i]]; i++ :: else -> break od;
            svHp = hp;
            i = 0;
            do
            :: i < hp ->
                svHeldRoute[i] = heldRoute[i]; svHeldId[i] = heldId[i]; svHeldAbove[i] = heldAbove[i]; svHeldGroup[i] = heldGroup[i];
                svHeldOwnerOf[i] = entryOwner[heldId[i]]; i++
            :: else -> break
            od;
            svOwner = owner;
            svNextId = nextId;
#ifdef SAVED
            svBsp = bsp;
            i = 0;
            do :: i < bsp -> svBsRoute[i] = bsRoute[i]; svBsId[i] = bsId[i]; svBsOwnerOf[i] = entryOwner[bsId[i]]; i++ :: else -> break od;
#endif
#ifdef RESULTS
            svRsMade = rsMade; svRsNum = rsNum; svRsCallee = rsCallee; svRsCaller = rsCaller; svRsOutcome = rsOutcome;
#endif
            printStack() }
    :: atomic { !busy && steps < MAXSTEPS && saved && inflight < MAXREQ ->
            steps++; busy = true; inflight++;
            freeSlot(q);
            printf("@@ restore s &\n");
            run Request(q, RESTORE, false) }
        atomic { !busy -> printStack() }
#endif
#ifdef REACH
    /* A run that got there ends (SPIN reports it, and its trail is the sample trace). */
    :: atomic { !busy && (REACH) -> printf("@@ await\n"); assert(false) }
#endif
    :: atomic { !busy && steps == MAXSTEPS -> break }
    od;
    /* The end: every question still open answered yes, in order, then everything settles. */
    do
    :: atomic { !busy && len(questions) > 0 -> busy = true; questions?q; printf("@@ answer yes\n"); answered[q] = YES }
    :: atomic { !busy && len(questions) == 0 -> break }
    od;
    atomic { !busy -> printf("@@ await\n"); printStack() }
}
