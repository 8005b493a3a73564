package org.tsdbbench.common.iot;

import java.util.Optional;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.RowShaper;

/**
 * How one database says the IoT trucks' queries and keeps their records: a module's dialect
 * implements it beside the other workloads'. The trucks' answers reach it through {@link #of}.
 */
public interface IotDialect extends Dialect {

    /**
     * The IoT query in this database's language for this data set; empty when the database cannot say it
     * (absent, never faked).
     */
    Optional<String> render(IotQuery query, IotSpec spec);

    /** Reorders or converts the database's rows of an IoT query into the catalog's columns. */
    default RowShaper shaper(IotQuery query) {
        return RowShaper.AS_IS;
    }

    /**
     * How the database keeps the IoT records, which decides the expected answers where TSBS left a
     * tag of a record null and which of two records without a name sharing a key it keeps:
     * {@link TagModel#RECORD} (the default: its own tags, every record), {@link TagModel#SERIES}
     * (its own tags, one point per series and time) or {@link TagModel#TABLE} (tags per sub-table,
     * one row per name and time, as TDengine's layout of report C). The data set's answers hold
     * each ({@link IotCatalogAnswers}) and prepare the catalog against this one.
     */
    default TagModel tagModel() {
        return TagModel.RECORD;
    }

    /**
     * The dialect as the trucks' dialect; an IllegalArgumentException naming it when its module does
     * not take the trucks (the harness checks the module's descriptor before any work: a safety net).
     */
    static IotDialect of(Dialect dialect) {
        if (dialect instanceof IotDialect iot) return iot;
        throw new IllegalArgumentException(dialect.getClass().getSimpleName() + " does not say the "
                + IotWorkload.INSTANCE.name() + " workload's queries");
    }
}
