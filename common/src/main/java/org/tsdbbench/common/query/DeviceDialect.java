package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * How one database says the devices' queries (q1..q6) and how to read what it answers: a module's
 * dialect implements it beside the other workloads'. The rows reach the answer check in the catalog's
 * canonical shape: q1 and q6 {@code ts, devid, temperature, humidity}; q2 and q5 {@code value}; q3
 * {@code devgroup, value}; q4 {@code bucketStartMs, value}. A database whose answer has another shape
 * says so in its shaper.
 */
public interface DeviceDialect extends Dialect {

    /** The devices' query text, or empty when the database has no such function (reported as absent, never faked). */
    Optional<String> render(LogicalQuery query, WorkloadSpec spec);

    /**
     * What turns the database's rows for this devices query (from {@link #render} or a query file) into
     * the catalog's.
     */
    default RowShaper shaper(LogicalQuery query) {
        return RowShaper.AS_IS;
    }

    /**
     * The dialect as the devices' dialect; an IllegalArgumentException naming it when its module does
     * not take the devices.
     */
    static DeviceDialect of(Dialect dialect) {
        if (dialect instanceof DeviceDialect devices) return devices;
        throw new IllegalArgumentException(dialect.getClass().getSimpleName() + " does not say the "
                + DevicesWorkload.INSTANCE.name() + " workload's queries");
    }
}
