package org.tsdbbench.common.iot;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact answers of IoT queries, computed in one pass over a data set's records (generated or
 * read from a file) without a database, for one {@link TagModel}. The pass keeps totals per key,
 * never rows: per (name, driver, fleet) the latest record of each table; per (name, driver, fleet,
 * bucket) the velocity's sum and count; per (name, model, fleet, bucket) the status's; per (name,
 * fleet, model, load_capacity) the load's; per fleet the fuel consumption's; per window query its
 * own per (name, driver, bucket). Memory grows with trucks x buckets (the records' 10-minute
 * buckets), not with records.
 *
 * <p>Tolerances: values copied from a record (last-loc, low-fuel, high-load), counts and
 * min/max are exact. An average of n doubles may differ by the rounding of any summation order
 * ((n - 1) units of the last place of the sum, twice: the database's and this pass's) plus
 * {@link #ROUNDING} of the value for a text protocol's digits: see {@link #slack}. The decisions
 * inside the queries (average velocity &gt; 1, status &lt; 1, ...) are exact for TSBS's values,
 * whole numbers whose sums a double holds exactly; a file of fractional velocities could tip one
 * whose average lies within rounding of the threshold.
 */
public final class IotAnswers {

    /** Relative rounding of an answer that went through text (15 significant digits or more). */
    static final double ROUNDING = 1e-12;
    private static final double UNIT = 0x1.0p-53;
    private static final long DAY_NS = 86_400_000_000_000L;
    private static final int FORMAT = 3;

    private final TagModel model;
    private final long readings;
    private final long diagnostics;
    private final long superseded;
    private final List<String> sharedKeys;
    private final Map<String, IotAnswer> byId;

    private IotAnswers(TagModel model, long readings, long diagnostics, long superseded, List<String> sharedKeys, Map<String, IotAnswer> byId) {
        this.model = model;
        this.readings = readings;
        this.diagnostics = diagnostics;
        this.superseded = superseded;
        this.sharedKeys = List.copyOf(sharedKeys);
        this.byId = byId;
    }

    /**
     * The answers of {@code queries} over every record of {@code source}, whose time range is
     * {@code spec}'s (generated: its spec; a file: {@link IotFileSummary#spec()}).
     */
    public static IotAnswers compute(IotRowSource source, IotSpec spec, TagModel model, Collection<IotQuery> queries) throws IOException {
        return computeEach(source, spec, List.of(model), queries).get(model);
    }

    /** The answers under each of {@code models}, in one pass over the records of {@code source} (as {@link #compute}). */
    public static Map<TagModel, IotAnswers> computeEach(IotRowSource source, IotSpec spec, List<TagModel> models, Collection<IotQuery> queries)
            throws IOException {
        List<Pass> passes = new ArrayList<>();
        for (TagModel model : models) passes.add(new Pass(source.trucks(), spec, model, queries));
        NamelessRecords nameless = new NamelessRecords(source.trucks());
        TruckBatch batch = new TruckBatch(source.trucks(), 8192);
        while (source.fill(batch, batch.capacity()) > 0) {
            // The records without a name wait for the end: what a model keeps of them depends on all of them.
            for (Pass pass : passes) pass.add(batch, false);
            nameless.collect(batch);
        }
        Map<TagModel, IotAnswers> each = new java.util.EnumMap<>(TagModel.class);
        for (int m = 0; m < models.size(); m++) {
            Pass pass = passes.get(m);
            NamelessRecords.Kept kept = nameless.keptUnder(models.get(m));
            pass.add(kept.stored(), true);
            Map<String, IotAnswer> byId = new LinkedHashMap<>();
            for (IotQuery q : queries) byId.put(q.id(), new IotAnswer(q, pass.rows(q)));
            List<String> shared = new ArrayList<>(kept.examples());
            if (kept.groups() > shared.size()) shared.add("and " + (kept.groups() - shared.size()) + " more such groups");
            each.put(models.get(m), new IotAnswers(models.get(m), pass.readings, pass.diagnostics, kept.superseded(), shared, byId));
        }
        return each;
    }

    public TagModel model() {
        return model;
    }

    /** Readings in the data set. */
    public long readings() {
        return readings;
    }

    public long diagnostics() {
        return diagnostics;
    }

    /** Records stored in all: what a load must leave stored under this model. */
    public long records() {
        return readings + diagnostics;
    }

    /** Records written that this model keeps in place of another (one of two without a name sharing a key): written, not stored. */
    public long superseded() {
        return superseded;
    }

    /**
     * The first few groups of records this model keeps as one, in words ("2 readings without
     * a name at 2016-01-01T14:24:20Z (...) share one row: the database keeps one"), and how many more;
     * empty when it keeps every record.
     */
    public List<String> sharedKeys() {
        return sharedKeys;
    }

    /** The answer of a query computed here; another is an IllegalArgumentException. */
    public IotAnswer answer(IotQuery q) {
        IotAnswer a = byId.get(q.id());
        if (a == null) throw new IllegalArgumentException(q.id() + ": not among the queries these answers were computed for");
        return a;
    }

    public Collection<IotAnswer> all() {
        return Collections.unmodifiableCollection(byId.values());
    }

    /** How far an average (or a sum) of {@code terms} values whose mean magnitude is {@code meanAbs} may be from {@code value}. */
    static double slack(long terms, double meanAbs, double value) {
        if (Double.isNaN(value)) return 0;
        return (2 * terms + 4) * UNIT * meanAbs + ROUNDING * Math.abs(value);
    }

    /** Writes the answers so that {@link #readFrom} gives the same answer to every query. */
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(FORMAT);
        out.writeUTF(model.name());
        out.writeLong(readings);
        out.writeLong(diagnostics);
        out.writeLong(superseded);
        out.writeInt(sharedKeys.size());
        for (String k : sharedKeys) out.writeUTF(k);
        out.writeInt(byId.size());
        for (IotAnswer a : byId.values()) {
            out.writeUTF(a.query().id());
            a.writeRows(out);
        }
    }

    public static IotAnswers readFrom(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) throw new IOException("IoT answers of format " + format + ", this version reads " + FORMAT);
        TagModel model = TagModel.valueOf(in.readUTF());
        long readings = in.readLong();
        long diagnostics = in.readLong();
        long superseded = in.readLong();
        List<String> sharedKeys = new ArrayList<>();
        for (int k = in.readInt(); k > 0; k--) sharedKeys.add(in.readUTF());
        int n = in.readInt();
        Map<String, IotAnswer> byId = new LinkedHashMap<>();
        for (int q = 0; q < n; q++) {
            IotQuery query = IotQuery.parse(in.readUTF());
            byId.put(query.id(), new IotAnswer(query, IotAnswer.readRows(in, IotAnswer.columns(query.type()))));
        }
        return new IotAnswers(model, readings, diagnostics, superseded, sharedKeys, byId);
    }

    /** Neumaier's compensated sum, with the magnitudes' sum and the count (for tolerances). */
    private static final class Sum {
        double sum;
        double compensation;
        double abs;
        long n;

        void add(double x) {
            double t = sum + x;
            compensation += Math.abs(sum) >= Math.abs(x) ? (sum - t) + x : (x - t) + sum;
            sum = t;
            abs += Math.abs(x);
            n++;
        }

        double mean() {
            return n == 0 ? Double.NaN : (sum + compensation) / n;
        }

        double meanAbs() {
            return n == 0 ? 0 : abs / n;
        }
    }

    /** The one pass: totals per key, then each query's rows from them. */
    private static final class Pass {
        private static final byte NAME = (byte) IotTag.NAME.ordinal();

        final Trucks trucks;
        final TagModel model;
        final long firstBucket;
        final int buckets;
        long readings;
        long diagnostics;
        final Sum latitude = new Sum();
        double latMin = Double.NaN;
        double latMax = Double.NaN;
        long latitudeEquals;
        // Per driver code + 1 (0: a null driver): readings, and latitude's sum, min and max.
        long[] drReadings = new long[16];
        Sum[] drLatitude = new Sum[16];
        double[] drMin = new double[16];
        double[] drMax = new double[16];
        final Sum[] fuelConsumption = new Sum[256];
        final Sum[] nominal = new Sum[256];
        // Latest readings per (name, driver, fleet).
        final LongSlots latestReading = new LongSlots();
        long[] lrTs = new long[16];
        double[] lrLat = new double[16];
        double[] lrLon = new double[16];
        // Latest diagnostics per (name, driver, fleet).
        final LongSlots latestDiag = new LongSlots();
        long[] ldTs = new long[16];
        double[] ldFuel = new double[16];
        double[] ldLoad = new double[16];
        double[] ldCapacity = new double[16];
        // Velocity per (name, driver, fleet, bucket), a null name included.
        final LongSlots driving = new LongSlots();
        double[] dSum = new double[16];
        int[] dN = new int[16];
        // Status per (name, model, fleet, bucket), name not null.
        final LongSlots status = new LongSlots();
        long[] sSum = new long[16];
        int[] sN = new int[16];
        int[] sZeros = new int[16];
        // Load per (name, fleet, model, load_capacity), name not null.
        final LongSlots load = new LongSlots();
        double[] lSum = new double[16];
        int[] lN = new int[16];
        final List<Window> windows = new ArrayList<>();

        Pass(Trucks trucks, IotSpec spec, TagModel model, Collection<IotQuery> queries) {
            this.trucks = trucks;
            this.model = model;
            this.firstBucket = spec.firstBucket();
            this.buckets = spec.buckets();
            for (IotQuery q : queries) if (q.type().window() != null) windows.add(new Window(q, fleetCode(q.fleet())));
        }

        int fleetCode(String fleet) {
            int code = trucks.values(IotTag.FLEET).indexOf(fleet);
            return code < 0 ? -2 : code; // a fleet of no truck: matches nothing
        }

        /** The code of a record's tag under the model: its own tags, or its table's. */
        int code(int truck, byte nullTag, IotTag tag) {
            if (model == TagModel.TABLE) {
                return nullTag == NAME || trucks.code(truck, IotTag.NAME) < 0 ? -1 : trucks.code(truck, tag);
            }
            return nullTag == tag.ordinal() ? -1 : trucks.code(truck, tag);
        }

        int bucket(long ts) {
            long b = Math.floorDiv(ts, IotSpec.BUCKET_NS) - firstBucket;
            if (b < 0 || b >= buckets) throw new IllegalArgumentException("a record at " + java.time.Instant.ofEpochSecond(0, ts) + " is outside the data set's time range");
            return (int) b;
        }

        /** Adds the batch's records; those without a name only when {@code nameless} (else they come resolved, at the end). */
        void add(TruckBatch batch, boolean nameless) {
            TableRows r = batch.readings;
            for (int i = 0; i < r.size(); i++) if (nameless || r.nullTag[i] != NAME) addReading(r, i);
            TableRows d = batch.diagnostics;
            for (int i = 0; i < d.size(); i++) if (nameless || d.nullTag[i] != NAME) addDiagnostic(d, i);
        }

        /** A reading of driver slot {@code d} (its code + 1, 0 for a null driver) and its latitude (NaN: none). */
        private void addDriverLatitude(int d, double lat) {
            if (d >= drReadings.length) {
                int n = Math.max(drReadings.length * 2, d + 1);
                drReadings = java.util.Arrays.copyOf(drReadings, n);
                drLatitude = java.util.Arrays.copyOf(drLatitude, n);
                drMin = java.util.Arrays.copyOf(drMin, n);
                drMax = java.util.Arrays.copyOf(drMax, n);
            }
            if (drLatitude[d] == null) {
                drLatitude[d] = new Sum();
                drMin[d] = Double.NaN;
                drMax[d] = Double.NaN;
            }
            drReadings[d]++;
            if (Double.isNaN(lat)) return;
            drLatitude[d].add(lat);
            drMin[d] = Double.isNaN(drMin[d]) ? lat : Math.min(drMin[d], lat);
            drMax[d] = Double.isNaN(drMax[d]) ? lat : Math.max(drMax[d], lat);
        }

        private void addReading(TableRows rows, int i) {
            readings++;
            int truck = rows.truck[i];
            byte nt = rows.nullTag[i];
            long ts = rows.ts[i];
            int name = code(truck, nt, IotTag.NAME);
            int fleet = code(truck, nt, IotTag.FLEET);
            int driver = code(truck, nt, IotTag.DRIVER);
            double lat = rows.field[IotTable.LATITUDE][i];
            double velocity = rows.field[IotTable.VELOCITY][i];
            if (!Double.isNaN(lat)) {
                latitude.add(lat);
                latMin = Double.isNaN(latMin) ? lat : Math.min(latMin, lat);
                latMax = Double.isNaN(latMax) ? lat : Math.max(latMax, lat);
                if (lat == IotQueryType.LATITUDE_EQUALS_VALUE) latitudeEquals++;
            }
            addDriverLatitude(driver + 1, lat);
            int nominalCode = code(truck, nt, IotTag.NOMINAL_FUEL_CONSUMPTION);
            if (name >= 0 && fleet >= 0 && nominalCode >= 0 && velocity > 1) {
                if (nominal[fleet] == null) {
                    nominal[fleet] = new Sum();
                    fuelConsumption[fleet] = new Sum();
                }
                nominal[fleet].add(trucks.number(IotTag.NOMINAL_FUEL_CONSUMPTION, nominalCode));
                double fc = rows.field[IotTable.FUEL_CONSUMPTION][i];
                if (!Double.isNaN(fc)) fuelConsumption[fleet].add(fc);
            }
            if (name >= 0 && fleet >= 0) {
                int s = slotOf(latestReading, key3(name, driver, fleet));
                if (s >= lrTs.length) {
                    lrTs = LongSlots.grow(lrTs, s);
                    lrLat = LongSlots.grow(lrLat, s);
                    lrLon = LongSlots.grow(lrLon, s);
                }
                if (fresh) lrTs[s] = Long.MIN_VALUE;
                if (ts > lrTs[s]) {
                    lrTs[s] = ts;
                    lrLat[s] = lat;
                    lrLon[s] = rows.field[IotTable.LONGITUDE][i];
                }
            }
            int b = bucket(ts);
            int s = driving.slot(key4(name, driver, fleet, b));
            dSum = LongSlots.grow(dSum, s);
            dN = LongSlots.grow(dN, s);
            if (!Double.isNaN(velocity)) {
                dSum[s] += velocity;
                dN[s]++;
            }
            for (Window w : windows) w.add(ts, name, driver, fleet, b, velocity);
        }

        private boolean fresh;

        /** The slot of a key; {@link #fresh} tells whether it is new. */
        private int slotOf(LongSlots slots, long key) {
            int before = slots.size();
            int s = slots.slot(key);
            fresh = slots.size() > before;
            return s;
        }

        private void addDiagnostic(TableRows rows, int i) {
            diagnostics++;
            int truck = rows.truck[i];
            byte nt = rows.nullTag[i];
            long ts = rows.ts[i];
            int name = code(truck, nt, IotTag.NAME);
            if (name < 0) return; // every diagnostics query drops a null name
            int fleet = code(truck, nt, IotTag.FLEET);
            int driver = code(truck, nt, IotTag.DRIVER);
            int modelCode = code(truck, nt, IotTag.MODEL);
            int capacityCode = code(truck, nt, IotTag.LOAD_CAPACITY);
            double capacity = capacityCode < 0 ? Double.NaN : trucks.number(IotTag.LOAD_CAPACITY, capacityCode);
            double currentLoad = rows.field[IotTable.CURRENT_LOAD][i];
            double st = rows.field[IotTable.STATUS][i];
            if (fleet >= 0) {
                int s = slotOf(latestDiag, key3(name, driver, fleet));
                if (s >= ldTs.length) {
                    ldTs = LongSlots.grow(ldTs, s);
                    ldFuel = LongSlots.grow(ldFuel, s);
                    ldLoad = LongSlots.grow(ldLoad, s);
                    ldCapacity = LongSlots.grow(ldCapacity, s);
                }
                if (fresh) ldTs[s] = Long.MIN_VALUE;
                if (ts > ldTs[s]) {
                    ldTs[s] = ts;
                    ldFuel[s] = rows.field[IotTable.FUEL_STATE][i];
                    ldLoad[s] = currentLoad;
                    ldCapacity[s] = capacity;
                }
            }
            int s = load.slot(key5(name, fleet, modelCode, capacityCode));
            lSum = LongSlots.grow(lSum, s);
            lN = LongSlots.grow(lN, s);
            if (!Double.isNaN(currentLoad)) {
                lSum[s] += currentLoad;
                lN[s]++;
            }
            s = status.slot(key4(name, modelCode, fleet, bucket(ts)));
            sSum = LongSlots.grow(sSum, s);
            sN = LongSlots.grow(sN, s);
            sZeros = LongSlots.grow(sZeros, s);
            if (!Double.isNaN(st)) {
                sSum[s] += (long) st;
                sN[s]++;
                if (st == 0) sZeros[s]++;
            }
        }

        static long key3(int name, int a, int b) {
            return ((long) (name + 1) << 16) | ((long) (a + 1) << 8) | (b + 1);
        }

        static long key4(int name, int a, int b, int bucket) {
            return ((long) (name + 1) << 37) | ((long) (a + 1) << 29) | ((long) (b + 1) << 21) | bucket;
        }

        static long key5(int name, int a, int b, int c) {
            return ((long) (name + 1) << 24) | ((long) (a + 1) << 16) | ((long) (b + 1) << 8) | (c + 1);
        }

        static int part(long key, int shift) {
            return (int) ((key >>> shift) & 0xFF) - 1;
        }

        static int name3(long key) {
            return (int) (key >>> 16) - 1;
        }

        static int name4(long key) {
            return (int) (key >>> 37) - 1;
        }

        static int bucket4(long key) {
            return (int) (key & ((1 << 21) - 1));
        }

        String text(IotTag tag, int code) {
            return trucks.text(tag, code);
        }

        long dayMs(int bucket) {
            long ns = (firstBucket + bucket) * IotSpec.BUCKET_NS;
            return Math.floorDiv(ns, DAY_NS) * 86_400_000L;
        }

        List<IotAnswer.Row> rows(IotQuery q) {
            List<IotAnswer.Row> out = new ArrayList<>();
            switch (q.type()) {
                case LAST_LOC -> {
                    int fleet = fleetCode(q.fleet());
                    for (int s = 0; s < latestReading.size(); s++) {
                        long k = latestReading.key(s);
                        if (part(k, 0) != fleet) continue;
                        out.add(exact(texts(text(IotTag.NAME, name3(k)), text(IotTag.DRIVER, part(k, 8))), lrLon[s], lrLat[s]));
                    }
                }
                case LOW_FUEL, HIGH_LOAD -> {
                    int fleet = fleetCode(q.fleet());
                    for (int s = 0; s < latestDiag.size(); s++) {
                        long k = latestDiag.key(s);
                        if (part(k, 0) != fleet) continue;
                        boolean hit = q.type() == IotQueryType.LOW_FUEL ? ldFuel[s] < 0.1 : ldLoad[s] / ldCapacity[s] > 0.9;
                        if (!hit) continue;
                        double v = q.type() == IotQueryType.LOW_FUEL ? ldFuel[s] : ldLoad[s];
                        out.add(exact(texts(text(IotTag.NAME, name3(k)), text(IotTag.DRIVER, part(k, 8))), v));
                    }
                }
                case STATIONARY_TRUCKS, LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> {
                    for (Window w : windows) if (w.query.equals(q)) w.rows(this, out);
                }
                case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> {
                    for (int f = 0; f < nominal.length; f++) {
                        if (nominal[f] == null) continue;
                        Sum fc = fuelConsumption[f];
                        Sum nom = nominal[f];
                        double avgFc = fc.mean();
                        double avgNom = nom.mean();
                        out.add(new IotAnswer.Row(texts(text(IotTag.FLEET, f)), new double[] {avgFc, avgNom},
                                new double[] {slack(fc.n, fc.meanAbs(), avgFc), slack(nom.n, nom.meanAbs(), avgNom)}));
                    }
                }
                case AVG_DAILY_DRIVING_DURATION -> drivingDuration(out);
                case AVG_DAILY_DRIVING_SESSION -> drivingSessions(out);
                case AVG_LOAD -> averageLoad(out);
                case DAILY_ACTIVITY -> dailyActivity(out);
                case BREAKDOWN_FREQUENCY -> breakdowns(out);
                case READINGS_COUNT -> out.add(exact(new String[0], readings));
                case LATITUDE_STATS -> {
                    double avg = latitude.mean();
                    out.add(new IotAnswer.Row(new String[0], new double[] {readings, latMax, latMin, avg},
                            new double[] {0, 0, 0, slack(latitude.n, latitude.meanAbs(), avg)}));
                }
                case LATITUDE_EQUALS -> out.add(exact(new String[0], latitudeEquals));
                case LATITUDE_STATS_BY_DRIVER -> {
                    for (int d = 0; d < drReadings.length; d++) {
                        if (drReadings[d] == 0) continue;
                        Sum lat = drLatitude[d];
                        double avg = lat.mean();
                        out.add(new IotAnswer.Row(texts(d == 0 ? null : text(IotTag.DRIVER, d - 1)),
                                new double[] {drReadings[d], drMax[d], drMin[d], avg}, new double[] {0, 0, 0, slack(lat.n, lat.meanAbs(), avg)}));
                    }
                }
            }
            return out;
        }

        private void drivingDuration(List<IotAnswer.Row> out) {
            long[] keys = driving.sortedKeys();
            int i = 0;
            while (i < keys.length) {
                long group = keys[i] >>> 21;
                long days = 0;
                long total = 0;
                long day = Long.MIN_VALUE;
                for (; i < keys.length && keys[i] >>> 21 == group; i++) {
                    int s = driving.find(keys[i]);
                    if (dN[s] == 0 || !(dSum[s] / dN[s] > 1)) continue;
                    long d = dayMs(bucket4(keys[i]));
                    if (d != day) {
                        days++;
                        day = d;
                    }
                    total++;
                }
                if (days == 0) continue;
                long k = group << 21;
                double avg = total / (6.0 * days);
                out.add(new IotAnswer.Row(texts(text(IotTag.FLEET, part(k, 21)), text(IotTag.NAME, name4(k)), text(IotTag.DRIVER, part(k, 29))),
                        new double[] {avg}, new double[] {slack(days, avg, avg)}));
            }
        }

        private void drivingSessions(List<IotAnswer.Row> out) {
            long[] keys = driving.sortedKeys();
            double[] sum = new double[buckets];
            int[] n = new int[buckets];
            boolean[] has = new boolean[buckets];
            int i = 0;
            while (i < keys.length) {
                int name = name4(keys[i]);
                int from = i;
                while (i < keys.length && name4(keys[i]) == name) i++;
                if (name < 0) continue;
                java.util.Arrays.fill(has, false);
                java.util.Arrays.fill(sum, 0);
                java.util.Arrays.fill(n, 0);
                for (int j = from; j < i; j++) {
                    int s = driving.find(keys[j]);
                    int b = bucket4(keys[j]);
                    has[b] = true;
                    sum[b] += dSum[s];
                    n[b] += dN[s];
                }
                // Changes: buckets whose driving state differs from the previous bucket's, both known.
                List<int[]> changes = new ArrayList<>(); // {bucket, driving ? 1 : 0}
                int previous = -1; // -1 none, 0/1 state, 2 NULL
                for (int b = 0; b < buckets; b++) {
                    if (!has[b]) continue;
                    int state = n[b] == 0 ? 2 : sum[b] / n[b] > 5 ? 1 : 0;
                    if (previous >= 0 && previous != 2 && state != 2 && state != previous) changes.add(new int[] {b, state});
                    previous = state;
                }
                Map<Long, Sum> perDay = new LinkedHashMap<>();
                for (int c = 0; c < changes.size(); c++) {
                    if (changes.get(c)[1] != 1) continue;
                    Sum day = perDay.computeIfAbsent(dayMs(changes.get(c)[0]), d -> new Sum());
                    if (c + 1 < changes.size()) day.add((changes.get(c + 1)[0] - changes.get(c)[0]) * 600_000.0);
                }
                String nameText = text(IotTag.NAME, name);
                perDay.forEach((day, s) -> out.add(new IotAnswer.Row(texts(nameText), new double[] {day, s.mean()},
                        new double[] {0, slack(s.n, s.meanAbs(), s.mean())})));
            }
        }

        private void averageLoad(List<IotAnswer.Row> out) {
            Map<Long, double[]> groups = new LinkedHashMap<>(); // {sum of terms, terms, sum of |terms|, largest inner count}
            for (int s = 0; s < load.size(); s++) {
                long k = load.key(s);
                int capacityCode = part(k, 0);
                long group = k & 0xFF_FFFFL;
                double[] g = groups.computeIfAbsent(group, x -> new double[4]);
                if (lN[s] == 0 || capacityCode < 0) continue;
                double term = lSum[s] / lN[s] / trucks.number(IotTag.LOAD_CAPACITY, capacityCode);
                g[0] += term;
                g[1]++;
                g[2] += Math.abs(term);
                g[3] = Math.max(g[3], lN[s]);
            }
            groups.forEach((k, g) -> {
                int capacityCode = part(k, 0);
                double capacity = capacityCode < 0 ? Double.NaN : trucks.number(IotTag.LOAD_CAPACITY, capacityCode);
                double avg = g[1] == 0 ? Double.NaN : g[0] / g[1];
                double meanAbs = g[1] == 0 ? 0 : g[2] / g[1];
                out.add(new IotAnswer.Row(texts(text(IotTag.FLEET, part(k, 16)), text(IotTag.MODEL, part(k, 8))), new double[] {capacity, avg},
                        new double[] {0, slack((long) (g[1] + g[3]), meanAbs, avg)}));
            });
        }

        private void dailyActivity(List<IotAnswer.Row> out) {
            Map<List<Long>, long[]> perDay = new LinkedHashMap<>();
            for (int s = 0; s < status.size(); s++) {
                if (sN[s] == 0 || !((double) sSum[s] / sN[s] < 1)) continue;
                long k = status.key(s);
                List<Long> key = List.of((long) part(k, 21), (long) part(k, 29), dayMs(bucket4(k)));
                perDay.computeIfAbsent(key, x -> new long[1])[0]++;
            }
            perDay.forEach((k, count) -> {
                double v = count[0] / 144.0;
                out.add(new IotAnswer.Row(texts(text(IotTag.FLEET, k.get(0).intValue()), text(IotTag.MODEL, k.get(1).intValue())),
                        new double[] {k.get(2), v}, new double[] {0, slack(1, v, v)}));
            });
        }

        private void breakdowns(List<IotAnswer.Row> out) {
            long[] keys = status.sortedKeys();
            int[] zeros = new int[buckets];
            int[] n = new int[buckets];
            Map<Integer, long[]> perModel = new LinkedHashMap<>();
            int i = 0;
            while (i < keys.length) {
                long group = keys[i] >>> 29; // (name, model)
                int from = i;
                while (i < keys.length && keys[i] >>> 29 == group) i++;
                java.util.Arrays.fill(zeros, 0);
                java.util.Arrays.fill(n, 0);
                for (int j = from; j < i; j++) {
                    int s = status.find(keys[j]);
                    int b = bucket4(keys[j]);
                    zeros[b] += sZeros[s];
                    n[b] += sN[s];
                }
                long count = 0;
                int previous = -1;
                for (int b = 0; b < buckets; b++) {
                    if (n[b] == 0) continue;
                    int broken = 2L * zeros[b] >= n[b] ? 1 : 0;
                    if (previous == 0 && broken == 1) count++;
                    previous = broken;
                }
                if (count > 0) perModel.computeIfAbsent(part(keys[from], 29), m -> new long[1])[0] += count;
            }
            perModel.forEach((m, c) -> out.add(exact(texts(text(IotTag.MODEL, m)), c[0])));
        }

        static String[] texts(String... t) {
            return t;
        }

        static IotAnswer.Row exact(String[] texts, double... values) {
            return IotAnswer.Row.exact(texts, values);
        }
    }

    /** A window query's totals: per (name, driver), and per bucket for the session queries. */
    private static final class Window {
        final IotQuery query;
        final int fleet;
        final long start;
        final long end;
        final boolean perBucket;
        final LongSlots slots = new LongSlots();
        double[] sum = new double[16];
        int[] n = new int[16];

        Window(IotQuery query, int fleet) {
            this.query = query;
            this.fleet = fleet;
            this.start = query.windowStartNs();
            this.end = query.windowEndNs();
            this.perBucket = query.type() != IotQueryType.STATIONARY_TRUCKS;
        }

        void add(long ts, int name, int driver, int recordFleet, int bucket, double velocity) {
            if (ts < start || ts >= end || name < 0 || recordFleet != fleet) return;
            int s = slots.slot(Pass.key4(name, driver, 0, perBucket ? bucket : 0));
            sum = LongSlots.grow(sum, s);
            n = LongSlots.grow(n, s);
            if (!Double.isNaN(velocity)) {
                sum[s] += velocity;
                n[s]++;
            }
        }

        void rows(Pass pass, List<IotAnswer.Row> out) {
            long[] keys = slots.sortedKeys();
            int i = 0;
            while (i < keys.length) {
                long group = keys[i] >>> 21;
                int driving = 0;
                boolean stationary = false;
                for (; i < keys.length && keys[i] >>> 21 == group; i++) {
                    int s = slots.find(keys[i]);
                    if (n[s] == 0) continue;
                    double avg = sum[s] / n[s];
                    if (avg > 1) driving++;
                    if (avg < 1) stationary = true;
                }
                boolean hit = query.type() == IotQueryType.STATIONARY_TRUCKS ? stationary : driving > query.type().threshold();
                if (!hit) continue;
                long k = group << 21;
                out.add(Pass.exact(Pass.texts(pass.text(IotTag.NAME, Pass.name4(k)), pass.text(IotTag.DRIVER, Pass.part(k, 29)))));
            }
        }
    }
}
