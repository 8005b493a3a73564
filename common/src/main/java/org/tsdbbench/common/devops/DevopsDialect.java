package org.tsdbbench.common.devops;

import java.util.Optional;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.RowShaper;

/** How one database says TSBS's DevOps queries: a module's dialect implements it beside the other workloads'. */
public interface DevopsDialect extends Dialect {

    /** The query in this database's language for this data set; empty when the database cannot say it (absent, never faked). */
    Optional<String> render(DevopsQuery query, DevopsSpec spec);

    /** Reorders or converts the database's rows into the query type's columns ({@link DevopsQueryType#columns()}). */
    default RowShaper shaper(DevopsQuery query) {
        return RowShaper.AS_IS;
    }

    /** The dialect as the DevOps dialect; an IllegalArgumentException naming it when its module does not take DevOps. */
    static DevopsDialect of(Dialect dialect) {
        if (dialect instanceof DevopsDialect devops) return devops;
        throw new IllegalArgumentException(dialect.getClass().getSimpleName() + " does not say the " + CpuOnlyWorkload.INSTANCE.name() + " workload's queries");
    }
}
