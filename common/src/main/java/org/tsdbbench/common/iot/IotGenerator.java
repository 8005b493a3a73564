package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;

/**
 * The IoT data set of an {@link IotSpec}, made on the fly: its {@link #trucks()} and, for any set
 * of trucks, their records ({@link #source}). Deterministic and independent of who makes it: a
 * truck's records (values, gaps, nulls and their order among themselves) are the same whichever
 * thread or client split makes them.
 *
 * <p>What decides a record: the truck's walk ({@link TruckWalk}: per-truck state, reached by
 * walking from tick 0, kept by the source for the trucks it makes) for its values, and its place in
 * TSBS's stream ({@link Imperfections}: a pure function of tick, table and truck) for whether it is
 * missing, late, or has a null tag or field.
 */
public final class IotGenerator {

    /** A source keeps the walks of at most this many trucks at once (80 bytes each): more are made in blocks. */
    static final int MAX_BLOCK = 1 << 16;

    private final IotSpec spec;
    private final int blockSize;
    private final GeneratedTrucks trucks;
    private final Imperfections imperfections;
    private final long walkSalt;

    public IotGenerator(IotSpec spec) {
        this(spec, MAX_BLOCK);
    }

    /** A generator whose sources make at most {@code blockSize} trucks at once (tests use small blocks). */
    IotGenerator(IotSpec spec, int blockSize) {
        this.spec = spec;
        this.blockSize = blockSize;
        this.trucks = new GeneratedTrucks(spec.seed());
        this.imperfections = new Imperfections(spec.seed(), spec.trucks());
        this.walkSalt = Mix.mix(spec.seed() ^ 0x3A1C_CE55L);
    }

    public IotSpec spec() {
        return spec;
    }

    public Trucks trucks() {
        return trucks;
    }

    /**
     * The records of trucks {@code [firstTruck, endTruck)} in TSBS's order restricted to them: tick
     * by tick, each tick the readings then the diagnostics of the trucks, late records where their
     * delay puts them. A source of more than {@value #MAX_BLOCK} trucks makes them in blocks of
     * that many, each block tick by tick over the whole time range (its memory stays bounded).
     * Bounded, it yields the data set once; unbounded, it goes on with later passes of the same
     * length (later timestamps, never a duplicate key), each truck starting each pass afresh.
     */
    public IotRowSource source(int firstTruck, int endTruck, boolean unbounded) {
        if (firstTruck < 0 || endTruck > spec.trucks() || firstTruck > endTruck) {
            throw new IllegalArgumentException("trucks [" + firstTruck + ", " + endTruck + ") are not within the data set's 0.." + (spec.trucks() - 1));
        }
        return new GeneratedSource(this, firstTruck, endTruck, unbounded);
    }

    /** Client {@code client} of {@code clients}: its contiguous, disjoint share of the trucks (see {@link IotSpec#firstTruck}). */
    public IotRowSource client(int client, int clients, boolean unbounded) {
        int first = spec.firstTruck(client, clients);
        int end = client + 1 == clients ? spec.trucks() : spec.firstTruck(client + 1, clients);
        return source(first, end, unbounded);
    }

    /** Every record of the data set once, in TSBS's order: what a data file holds. */
    public IotRowSource all() {
        return source(0, spec.trucks(), false);
    }

    /**
     * The records of the data set (the slots TSBS's gaps leave), counted from the imperfections
     * alone: what a load must leave stored. One hash pass over the slots, no values.
     */
    public long countRecords() {
        return countRecords(0, spec.trucks());
    }

    /**
     * The records a source of trucks {@code [firstTruck, endTruck)} makes, counted as
     * {@link #countRecords()} counts them all: its trucks' records that have a name, and when it
     * holds truck 0, every record of the data set without one.
     */
    public long countRecords(int firstTruck, int endTruck) {
        boolean makesNameless = firstTruck == 0 && endTruck > 0;
        long n = 0;
        long ticks = spec.ticks();
        for (long tick = 0; tick < ticks; tick++) {
            for (IotTable table : IotTable.values()) {
                int to = makesNameless ? spec.trucks() : endTruck;
                for (int truck = firstTruck; truck < to; truck++) {
                    long fate = imperfections.fate(tick, table, truck);
                    if (Imperfections.missing(fate)) continue;
                    boolean named = Imperfections.nullTag(fate) != IotTag.NAME.ordinal();
                    if (named ? truck < endTruck : makesNameless) n++;
                }
            }
        }
        return n;
    }

    int blockSize() {
        return blockSize;
    }

    Imperfections imperfections() {
        return imperfections;
    }

    /** The key of the drawn values of the record without a name at a stream position (every pass's positions differ). */
    long drawKey(long position) {
        return Mix.mix(walkSalt ^ 0x7E55_0000L ^ position * Mix.GAMMA);
    }

    /** The key of a truck's walk in a pass (pass 0 is the data set; later passes continue an unbounded source). */
    long walkKey(int truck, long pass) {
        return Mix.mix(walkSalt + truck * Mix.GAMMA + pass * 0xD1B5_4A32_D192_ED03L);
    }
}
